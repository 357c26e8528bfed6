import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../ui/button';
import { useApplications } from '../api/applications';
import './dashboard.css';
import { useDashboardTranslation } from '../dashboard-i18n';
import { ApplicationCard } from './application-card';
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
  const activeId = useId();
  const inactiveId = useId();

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
  const active = limit === undefined ? applications : applications.slice(0, limit);
  return (
    <div className="dashboard-sections">
      <section aria-labelledby={activeId}>
        <h2 id={activeId} className="dashboard-section__title">
          {t('applications.active')} <span className="dashboard-section__count">{applications.length}</span>
        </h2>
        {active.length === 0 ? (
          <p className="dashboard-section__none">{t('applications.noActive')}</p>
        ) : (
          <ul className="dashboard-list">
            {active.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} linkFor={linkFor} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {limit === undefined && inactiveApplications.length > 0 ? (
        <section aria-labelledby={inactiveId}>
          <h2 id={inactiveId} className="dashboard-section__title">
            {t('applications.inactive')} <span className="dashboard-section__count">{inactiveApplications.length}</span>
          </h2>
          <ul className="dashboard-list">
            {inactiveApplications.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} linkFor={linkFor} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
