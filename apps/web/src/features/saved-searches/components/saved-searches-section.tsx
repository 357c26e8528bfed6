import { SAVED_SEARCH_NAME_MAX, SPECIAL_LOCATIONS, type SavedSearch } from '@careers/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { settleMutation } from '../../../lib/settle-mutation';
import { isolate } from '../../../ui/bdi';
import { buttonClassName, Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toast';
import { useAlertsTranslation } from '../alerts-i18n';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/saved-searches';
import './saved-searches.css';

/**
 * Issue 12: the settings page's saved searches — each with a link that reruns it, its job-alert switch,
 * rename and delete. The page mounts it only where saved searches are offered (spec §6).
 */
export function SavedSearchesSection({ searchHref }: { searchHref: string }) {
  const { t } = useAlertsTranslation();
  const searches = useSavedSearches();

  if (searches.isPending) return <StateView status="loading" lines={3} />;
  if (searches.isError) return <StateView status="error" message={t('settings.error')} onRetry={() => void searches.refetch()} />;
  const { data, max } = searches.data;
  if (data.length === 0) {
    return (
      <StateView
        status="empty"
        message={t('settings.empty')}
        action={
          <Link className={buttonClassName('secondary', 'sm')} to={searchHref}>
            {t('settings.emptyAction')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="saved-searches">
      <p className="saved-searches__count">{t('settings.count', { count: data.length, max })}</p>
      <ul className="saved-searches__list">
        {data.map((search) => (
          <SavedSearchRow key={search.id} search={search} />
        ))}
      </ul>
    </div>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t, i18n } = useAlertsTranslation();
  const toast = useToast();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [isRenaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const switchId = useId();

  const onAlerts = (alertsEnabled: boolean) =>
    update.mutate(
      { id: search.id, alertsEnabled },
      {
        onSuccess: () => toast.show({ message: t(alertsEnabled ? 'settings.alertsOn' : 'settings.alertsOff', { name: isolate(search.name) }), style: 'success' }),
        onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
      },
    );
  const onDelete = () =>
    // The refreshed list removes this row, maybe before the deletion settles.
    settleMutation(remove, search.id, {
      onSuccess: () => toast.show({ message: t('settings.deleted', { name: isolate(search.name) }), style: 'success' }),
      onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
    });

  return (
    <li className="saved-search">
      <div className="saved-search__main">
        {isRenaming ? (
          <RenameForm
            search={search}
            onDone={() => {
              setRenaming(false);
              // Back to the button that opened the form, for keyboard users.
              requestAnimationFrame(() => renameButton.current?.focus());
            }}
          />
        ) : (
          <>
            <h3 className="saved-search__name">{search.name}</h3>
            <p className="saved-search__what">{describe(t, search)}</p>
            {search.lastAlertOn ? (
              <p className="saved-search__meta">{t('settings.lastAlert', { date: formatDate(`${search.lastAlertOn}T12:00:00Z`, i18n.language) })}</p>
            ) : null}
          </>
        )}
      </div>
      {isRenaming ? null : (
        <div className="saved-search__actions">
          <Link className={buttonClassName('secondary', 'sm')} to={search.url} aria-label={t('settings.runLabel', { name: isolate(search.name) })}>
            {t('settings.run')}
          </Link>
          <label className="saved-search__switch" htmlFor={switchId}>
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              checked={search.alertsEnabled}
              aria-label={t('settings.alertsLabel', { name: isolate(search.name) })}
              onChange={(event) => onAlerts(event.target.checked)}
            />
            <span className="saved-search__switch-track" aria-hidden="true" />
            <span aria-hidden="true">{t('settings.alerts')}</span>
          </label>
          <Button ref={renameButton} variant="tertiary" size="sm" aria-label={t('settings.renameLabel', { name: isolate(search.name) })} onClick={() => setRenaming(true)}>
            {t('settings.rename')}
          </Button>
          <Button variant="tertiary" size="sm" className="saved-search__delete" aria-label={t('settings.deleteLabel', { name: isolate(search.name) })} isLoading={remove.isPending} onClick={onDelete}>
            {t('settings.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const { t } = useAlertsTranslation();
  const toast = useToast();
  const update = useUpdateSavedSearch();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The field takes focus when the form replaces the Rename button that opened it.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('settings.nameRequired'));
      return;
    }
    update.mutate(
      { id: search.id, name: trimmed },
      {
        onSuccess: () => {
          toast.show({ message: t('settings.renamed'), style: 'success' });
          onDone();
        },
        onError: (failure) => setError(errorMessage(t, failure)),
      },
    );
  };

  return (
    <form className="saved-search__rename" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('settings.nameLabel')}
        value={name}
        ref={field}
        maxLength={SAVED_SEARCH_NAME_MAX}
        error={error ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      <div className="saved-search__rename-actions">
        <Button type="submit" size="sm" isLoading={update.isPending}>
          {t('settings.saveName')}
        </Button>
        <Button variant="tertiary" size="sm" onClick={onDone}>
          {t('settings.cancel')}
        </Button>
      </div>
    </form>
  );
}

type Translate = ReturnType<typeof useAlertsTranslation>['t'];

/** "robot · Boston · 2 filters", "Any job · A map area". */
function describe(t: Translate, search: SavedSearch): string {
  const place = ((): string => {
    switch (search.location.toLowerCase()) {
      case '':
        return t('settings.anywhere');
      case SPECIAL_LOCATIONS.mapArea.toLowerCase():
        return t('settings.mapArea');
      case SPECIAL_LOCATIONS.mapLocation.toLowerCase():
        return t('settings.mapLocation');
      case SPECIAL_LOCATIONS.remote:
        return t('settings.remote');
      case SPECIAL_LOCATIONS.currentLocation:
        return t('settings.currentLocation');
      default:
        return search.location;
    }
  })();
  const parts = [search.query || t('settings.anything'), place];
  if (search.filterCount > 0) parts.push(t('settings.filters', { count: search.filterCount }));
  return parts.join(' · ');
}
