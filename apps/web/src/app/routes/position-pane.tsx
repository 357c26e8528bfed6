import { jobPath, searchPath } from '@careers/contracts';
import { useLocation } from 'react-router';
import { JobDetail } from '../../features/positions/components/job-detail';
import type { DetailSlotInput } from '../../features/search/components/search-page';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { JobActions } from './job-actions';

/** The selected job beside the search results on desktop (spec §4), with its actions. */
export function PositionPane({ pid, queriedLocation, onDetailsFailed, shouldFocusTitle }: DetailSlotInput) {
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  return (
    <JobDetail
      pid={pid}
      queriedLocation={queriedLocation}
      variant="pane"
      onDetailsFailed={onDetailsFailed}
      shouldFocusTitle={shouldFocusTitle}
      renderActions={(input) => <JobActions {...input} />}
      similarSearchHref={(position) => withRememberedParams(searchPath({ domain, query: position.name }), location.search)}
      searchHref={withRememberedParams(withTenantDomain(ROUTES.home, domain), location.search)}
      profileHref={withRememberedParams(withTenantDomain(ROUTES.profile, domain), location.search)}
      jobHref={withRememberedParams(withTenantDomain(jobPath(pid), domain), location.search)}
    />
  );
}
