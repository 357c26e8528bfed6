import { POSITION_ID_MAX_DIGITS, searchPath } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePositionDetails } from '../../features/positions/api/position-details';
import { JobDetail, JobNotFound } from '../../features/positions/components/job-detail';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { PageContainer } from '../shell/page-container';
import { JobActions } from './job-actions';
import './job-route.css';

const POSITION_ID = new RegExp(`^[1-9][0-9]{0,${POSITION_ID_MAX_DIGITS - 1}}$`);

/** Where a result link came from, so the job page can offer the way back to those results. */
export interface JobRouteState {
  fromSearch?: boolean;
}

/**
 * /careers/job/{pid} and /careers/job/private?pid= (spec §2): one job on its own page — the phone's
 * detail view, and every shared link. Unknown or missing ids show a not-found state.
 */
export function JobRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const isPrivate = location.pathname.replace(/\/+$/, '').endsWith('/job/private');
  const pid = ((isPrivate ? searchParams.get('pid') : params.pid) ?? '').trim();
  return POSITION_ID.test(pid) ? <JobPage key={pid} pid={pid} /> : <MissingJob />;
}

function JobPage({ pid }: { pid: string }) {
  const { t } = useTranslation('positions');
  const location = useLocation();
  const navigate = useNavigate();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  const details = usePositionDetails(pid);
  const fromSearch = (location.state as JobRouteState | null)?.fromSearch === true;
  const searchHref = withRememberedParams(withTenantDomain(ROUTES.home, domain), location.search);

  return (
    <PageContainer pageId="singlePosition" titleInput={{ positionName: details.data?.data.name }}>
      <nav className="job-route__back" aria-label={t('detail.breadcrumb')}>
        {fromSearch ? (
          <button type="button" className="job-route__back-link" onClick={() => void navigate(-1)}>
            <BackIcon />
            {t('detail.backToResults')}
          </button>
        ) : (
          <Link className="job-route__back-link" to={searchHref}>
            <BackIcon />
            {t('detail.allJobs')}
          </Link>
        )}
      </nav>
      <div className="job-route">
        <JobDetail
          pid={pid}
          variant="page"
          shouldFocusTitle={fromSearch}
          renderActions={(input) => <JobActions {...input} />}
          similarSearchHref={(position) => withRememberedParams(searchPath({ domain, query: position.name }), location.search)}
          searchHref={searchHref}
          profileHref={withRememberedParams(withTenantDomain(ROUTES.profile, domain), location.search)}
        />
      </div>
    </PageContainer>
  );
}

function MissingJob() {
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  return (
    <PageContainer pageId="singlePosition">
      <JobNotFound searchHref={withRememberedParams(withTenantDomain(ROUTES.home, domain), location.search)} />
    </PageContainer>
  );
}

function BackIcon() {
  return (
    <svg className="icon-directional" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
