import { applyPath, isOpenDraft, type DraftApplication } from '@careers/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatAgo } from '../../../lib/position-format';
import { isolate } from '../../../ui/bdi';
import { Badge } from '../../../ui/badge';
import { Button, buttonClassName } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { dashboardQueryKeys } from '../api/dashboard-query-keys';
import { deleteDrafts, useDrafts } from '../api/drafts';
import './dashboard.css';
import { useDashboardTranslation } from '../dashboard-i18n';
import { ListSection } from './list-section';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';

export interface DraftsPanelProps {
  linkFor: (path: string) => string;
}

/**
 * spec §3 openDraftApplications and closedDraftApplications (open while position.archived_at is below 0), each
 * with Continue (open ones) and Delete. spec §4 "Drafts: deletion is optimistic, restored on failure".
 */
export function DraftsPanel({ linkFor }: DraftsPanelProps) {
  const { t } = useDashboardTranslation();
  const query = useDrafts();

  if (query.isPending) return <PanelSkeleton label={t('loading', { section: t('tabs.drafts') })} cards={2} />;
  if (query.isError) return <PanelError message={t('fetchFailed')} onRetry={() => void query.refetch()} />;
  const open = query.data.filter(isOpenDraft);
  const closed = query.data.filter((draft) => !isOpenDraft(draft));
  if (open.length === 0 && closed.length === 0) return <PanelEmpty title={t('drafts.emptyTitle')} text={t('drafts.emptyText')} />;
  const card = (draft: DraftApplication) => <DraftCard draft={draft} linkFor={linkFor} />;
  return (
    <div className="dashboard-sections">
      {open.length > 0 ? <ListSection title={t('drafts.open')} items={open} keyOf={(draft) => draft.position_id} renderItem={card} /> : null}
      {closed.length > 0 ? (
        <ListSection title={t('drafts.closed')} hint={t('drafts.closedHint')} items={closed} keyOf={(draft) => draft.position_id} renderItem={card} />
      ) : null}
    </div>
  );
}

function DraftCard({ draft, linkFor }: { draft: DraftApplication; linkFor: (path: string) => string }) {
  const { t, i18n } = useDashboardTranslation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const isOpen = isOpenDraft(draft);
  const name = draft.position.name;

  const remove = async () => {
    const key = dashboardQueryKeys.drafts();
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<DraftApplication[]>(key);
    // Gone at once; back where it was if the server says no.
    queryClient.setQueryData<DraftApplication[]>(key, (drafts) => drafts?.filter((other) => other.position_id !== draft.position_id));
    try {
      await deleteDrafts([draft.position_id]);
      toast.show({ message: t('drafts.deleted'), style: 'success' });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.nudges() });
    } catch {
      if (previous) queryClient.setQueryData(key, previous);
      toast.show({ message: t('drafts.deleteFailed'), style: 'error' });
    }
  };

  return (
    <article className={`dashboard-card draft-card${isOpen ? '' : ' draft-card--closed'}`} aria-labelledby={titleId}>
      <div className="dashboard-card__header">
        <div className="dashboard-card__heading">
          <h3 id={titleId} className="dashboard-card__title" dir="auto">
            {name}
          </h3>
          <p className="dashboard-card__meta">{t('drafts.saved', { ago: formatAgo(draft.updated_at, i18n.language) })}</p>
        </div>
        {isOpen ? null : <Badge tone="warning">{t('drafts.closedBadge')}</Badge>}
      </div>
      <div className="dashboard-card__actions">
        {isOpen ? (
          <Link className={buttonClassName('primary', 'sm')} to={linkFor(applyPath(draft.position_id))} aria-label={t('drafts.continueFor', { position: isolate(name) })}>
            {t('drafts.continue')}
          </Link>
        ) : null}
        <Button variant="tertiary" size="sm" onClick={() => void remove()} aria-label={t('drafts.deleteFor', { position: isolate(name) })}>
          {t('drafts.delete')}
        </Button>
      </div>
    </article>
  );
}
