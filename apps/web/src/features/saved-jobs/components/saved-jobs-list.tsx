import { jobPath, type Position } from '@careers/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAgo } from '../../../lib/position-format';
import { Badge } from '../../../ui/badge';
import { Button, buttonClassName } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { useSavePosition } from '../api/save-position';
import { savedPositionsQueryKey, useSavedPositions } from '../api/saved-positions';
import type { SavedPositionsResponse } from '@careers/contracts';
import './saved-jobs.css';
import '../../../ui/empty-panel.css';
import { BdiJoin, isolate } from '../../../ui/bdi';

export interface SavedJobsListProps {
  /** The search page, for the empty state. */
  searchHref: string;
  /** Job links keep the page's remembered params (spec §2). */
  linkFor: (path: string) => string;
}

/** /careers/saved-jobs: the candidate's saved jobs; closed ones flagged; each can be removed. */
export function SavedJobsList({ searchHref, linkFor }: SavedJobsListProps) {
  const { t } = useTranslation('positions');
  const saved = useSavedPositions();

  if (saved.isPending) return <StateView status="loading" lines={6} label={t('savedJobs.loading')} />;
  if (saved.isError) return <StateView status="error" message={t('savedJobs.failed')} onRetry={() => void saved.refetch()} />;
  if (saved.data.positions.length === 0) {
    return (
      <div className="ui-empty-panel saved-jobs__empty">
        <h2 className="saved-jobs__empty-title">{t('savedJobs.emptyTitle')}</h2>
        <p>{t('savedJobs.emptyText')}</p>
        <Link className={buttonClassName('primary')} to={searchHref}>
          {t('savedJobs.search')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="saved-jobs__count">{t('savedJobs.count', { count: saved.data.count })}</p>
      <ul className="saved-jobs">
        {saved.data.positions.map((position) => (
          <li key={position.id}>
            <SavedJobCard position={position} href={linkFor(jobPath(position.id))} />
          </li>
        ))}
      </ul>
    </>
  );
}

function SavedJobCard({ position, href }: { position: Position; href: string }) {
  const { t, i18n } = useTranslation('positions');
  const toast = useToast();
  const queryClient = useQueryClient();
  const unsave = useSavePosition();
  const isArchived = position.archived_at !== null;

  const remove = async () => {
    const previous = queryClient.getQueryData<SavedPositionsResponse>(savedPositionsQueryKey);
    // Gone from the list at once; back if the server says no.
    if (previous) {
      queryClient.setQueryData<SavedPositionsResponse>(savedPositionsQueryKey, {
        count: Math.max(0, previous.count - 1),
        positions: previous.positions.filter((candidate) => candidate.id !== position.id),
      });
    }
    try {
      await unsave.mutateAsync({ positionId: position.id, action: 'unsave' });
      toast.show({ message: t('save.unsaved'), style: 'success' });
    } catch {
      if (previous) queryClient.setQueryData(savedPositionsQueryKey, previous);
      toast.show({ message: t('save.failed'), style: 'error' });
    }
  };

  return (
    <article className={`saved-job${isArchived ? ' saved-job--archived' : ''}`}>
      <div className="saved-job__text">
        <h2 className="saved-job__title" dir="auto">
          <Link to={href}>{position.name}</Link>
        </h2>
        <p className="saved-job__meta">
          <BdiJoin parts={[position.department, position.location]} />
        </p>
        <div className="saved-job__facts">
          {isArchived ? <Badge tone="warning">{t('savedJobs.closed')}</Badge> : null}
          <span>{t('posted', { ago: formatAgo(position.posted_at, i18n.language) })}</span>
        </div>
      </div>
      <Button variant="tertiary" size="sm" onClick={() => void remove()} aria-label={t('savedJobs.remove', { name: isolate(position.name) })}>
        {t('savedJobs.removeShort')}
      </Button>
    </article>
  );
}
