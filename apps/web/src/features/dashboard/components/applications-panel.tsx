import type { ApplicationSummary } from '@careers/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '../../../ui/button';
import { useApplications } from '../api/applications';
import './dashboard.css';
import { useDashboardTranslation } from '../dashboard-i18n';
import { ApplicationCard } from './application-card';
import { ListSection } from './list-section';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';

export interface ApplicationsPanelProps {
  linkFor: (path: string) => string;
  searchHref: string;
  /** Show at most this many active applications (the overview's card); all when absent. */
  limit?: number;
}

/** spec §3 "Dashboard tab data": applications (active) and inactiveApplications, each with its timeline. */
export function ApplicationsPanel({ linkFor, searchHref, limit }: ApplicationsPanelProps) {
  const { t } = useDashboardTranslation();
  const query = useApplications();

  if (query.isPending) return <PanelSkeleton label={t('loading', { section: t('tabs.applications') })} />;
  if (query.isError) return <PanelError message={t('fetchFailed')} onRetry={() => void query.refetch()} />;
  const { applications, inactiveApplications } = query.data;
  if (applications.length === 0 && inactiveApplications.length === 0) {
    return (
      <PanelEmpty
        title={t('applications.emptyTitle')}
        text={t('applications.emptyText')}
        action={
          <Link className={buttonClassName('primary')} to={searchHref}>
            {t('searchJobs')}
          </Link>
        }
      />
    );
  }
  const card = (application: ApplicationSummary) => <ApplicationCard application={application} linkFor={linkFor} />;
  const keyOf = (application: ApplicationSummary) => application.id;
  return (
    <div className="dashboard-sections">
      <ListSection
        title={t('applications.active')}
        items={applications}
        shown={limit === undefined ? applications : applications.slice(0, limit)}
        none={t('applications.noActive')}
        keyOf={keyOf}
        renderItem={card}
      />
      {limit === undefined && inactiveApplications.length > 0 ? (
        <ListSection title={t('applications.inactive')} items={inactiveApplications} keyOf={keyOf} renderItem={card} />
      ) : null}
    </div>
  );
}
