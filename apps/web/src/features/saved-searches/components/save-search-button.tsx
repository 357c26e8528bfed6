import type { SavedSearchMetadata } from '@careers/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { useAlertsTranslation } from '../alerts-i18n';
import { useCreateSavedSearch, useDeleteSavedSearch } from '../api/saved-searches';
import './saved-searches.css';

export interface SaveSearchButtonProps {
  /** The search answer's savedSearchMetadata; undefined while the first answer loads. */
  metadata: SavedSearchMetadata | undefined;
  /** The search as the search call's query string (query, location, filters, coordinates). */
  search: string;
  /** The name it gets (the results heading, e.g. "“nurse” jobs in Boston"); the candidate renames it in settings. */
  name: string;
}

/**
 * Issue 12: "Save search" on the search page — one press saves the current search with job alerts on;
 * "Saved" (pressed) removes it again. Shown only where saved searches are offered to the signed-in candidate
 * (savedSearchMetadata.isEnabled: candidate login plus the configuration flag, spec §6).
 */
export function SaveSearchButton({ metadata, search, name }: SaveSearchButtonProps) {
  const { t } = useAlertsTranslation();
  const toast = useToast();
  const create = useCreateSavedSearch();
  const remove = useDeleteSavedSearch();
  // What this page did since the answer came: the answer's flag is stale until the search is asked again.
  const [local, setLocal] = useState<{ search: string; id: string | null } | null>(null);
  if (!metadata?.isEnabled) return null;
  const savedId = local?.search === search ? local.id : metadata.isSaved ? (metadata.savedSearchId ?? null) : null;
  const isSaved = savedId !== null;
  const isBusy = create.isPending || remove.isPending;

  const onToggle = () => {
    if (savedId !== null) {
      remove.mutate(savedId, {
        onSuccess: () => {
          setLocal({ search, id: null });
          toast.show({ message: t('save.removed'), style: 'success' });
        },
        onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
      });
      return;
    }
    create.mutate(
      { search, name: name.slice(0, 100) },
      {
        onSuccess: (saved) => {
          setLocal({ search, id: saved.id });
          toast.show({ message: t('save.done'), style: 'success' });
        },
        onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
      },
    );
  };

  return (
    <Button
      variant={isSaved ? 'secondary' : 'tertiary'}
      size="sm"
      className={`save-search${isSaved ? ' save-search--saved' : ''}`}
      aria-pressed={isSaved}
      isLoading={isBusy}
      icon={<BookmarkIcon isFilled={isSaved} />}
      onClick={onToggle}
    >
      {isSaved ? t('save.saved') : t('save.action')}
    </Button>
  );
}

function BookmarkIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path
        d="M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z"
        fill={isFilled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
