import { readPositionIdList } from '@careers/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApplyPage } from '../../features/applications/components/apply-page';
import { useApplyCatalogue, useApplyTranslation } from '../../features/applications/applications-i18n';
import { useBootData } from '../../lib/boot-data';
import { jobPath, ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { APP_ROUTES } from '../route-table';
import { PageContainer } from '../shell/page-container';

/** spec §7 "pid (comma-joined ids)": the jobs of the address, or none when it names nothing readable. */
function positionIdsOf(pid: string | null): number[] {
  return readPositionIdList(pid ?? '') ?? [];
}

/** The candidate's applications screen, once one exists (dashboard issue): a link to a 404 would be worse than none. */
function applicationsPath(): string | null {
  const registered = (path: string) => APP_ROUTES.some((route) => route.path === path);
  if (registered(ROUTES.applications)) return ROUTES.applications;
  if (registered(ROUTES.dashboard)) return ROUTES.dashboard;
  return null;
}

/**
 * /careers/apply?pid= and /careers/apply/private?pid= (spec §2, page id applyPage): protected unless the site
 * allows logged-out apply; the footer is hidden so the form's sticky actions own the bottom of the window.
 */
export function ApplyRoute() {
  useApplyCatalogue();
  const { t } = useApplyTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  const pid = params.get('pid');
  const positionIds = useMemo(() => positionIdsOf(pid), [pid]);
  const link = useCallback((path: string) => withRememberedParams(withTenantDomain(path, domain), location.search), [domain, location.search]);
  const applicationsHref = applicationsPath();

  const onPositionIdsChange = useCallback(
    (ids: number[]) => {
      if (ids.length === 0) {
        void navigate(link(ROUTES.home));
        return;
      }
      const next = new URLSearchParams(params);
      next.set('pid', ids.join(','));
      setParams(next, { replace: true });
    },
    [navigate, link, params, setParams],
  );

  return (
    <PageContainer pageId="applyPage" title={t('pageTitle')} isTitleHidden showFooter={false}>
      <ApplyPage
        positionIds={positionIds}
        onPositionIdsChange={onPositionIdsChange}
        jobHref={(id) => link(jobPath(id))}
        searchHref={link(ROUTES.home)}
        applicationsHref={applicationsHref ? link(applicationsHref) : null}
      />
    </PageContainer>
  );
}
