import { dashboardTabs, selectedDashboardTab, ROUTES, type DashboardTab } from '@careers/contracts';
import { useCallback } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ApplicationsPanel } from '../../features/dashboard/components/applications-panel';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DraftsPanel } from '../../features/dashboard/components/drafts-panel';
import { useDashboardCatalogue, useDashboardTranslation } from '../../features/dashboard/dashboard-i18n';
import { OffersList } from '../../features/offers/components/offers-list';
import { SavedJobsList } from '../../features/saved-jobs/components/saved-jobs-list';
import { useBootData } from '../../lib/boot-data';
import { withRememberedParams } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { withTenantDomain } from '../../lib/tenant-link';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';

/** Links of the dashboard keep the tenant and the page's remembered params (spec §2). */
function useDashboardLinks() {
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  const linkFor = useCallback((path: string) => withRememberedParams(withTenantDomain(path, domain), location.search), [domain, location.search]);
  return { linkFor, searchHref: linkFor(ROUTES.home) };
}

/** The tenant's tabs (dashboardConfig.tabs; referrals behind gates.referralWithCandidateApplicationGate). */
function useTenantTabs(): DashboardTab[] {
  const { tenant } = useBootData();
  return dashboardTabs(tenant.config.pcsxConfig.dashboardConfig.tabs, tenant.config.gates.referralWithCandidateApplicationGate);
}

/** One tab's content; saved jobs and offers are those features' own lists, composed here. */
function DashboardTabContent({ tab }: { tab: DashboardTab }) {
  const { linkFor, searchHref } = useDashboardLinks();
  switch (tab) {
    case 'applications':
      return <ApplicationsPanel linkFor={linkFor} searchHref={searchHref} />;
    case 'drafts':
      return <DraftsPanel linkFor={linkFor} />;
    case 'saved':
      return <SavedJobsList searchHref={searchHref} linkFor={linkFor} />;
    case 'offers':
      return (
        <RoutedOffersHost>
          <OffersList hasHeading={false} />
        </RoutedOffersHost>
      );
    case 'interviews':
    case 'events':
    case 'referrals':
      return null;
  }
}

/**
 * /careers/dashboard (protected, page id dashboard). spec §2 "The dashboard route shows the v2 page when a
 * behaviour flag says to redirect to dashboard v2": a bare /careers/dashboard goes to /careers/dashboardv2 then;
 * an address naming a tab (`?tab=`, the overview's "View all" links) still opens that tab here.
 */
export function DashboardRoute() {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  const { tenant } = useBootData();
  const { userStore } = useSession();
  const { linkFor } = useDashboardLinks();
  const [params, setParams] = useSearchParams();
  const tabs = useTenantTabs();
  const requested = params.get('tab');
  const selected = selectedDashboardTab(requested, tabs);

  const onSelectTab = useCallback(
    (tab: DashboardTab) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', tab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (tenant.config.behaviourFlags.redirectToDashboardV2 && requested === null) {
    return <Navigate to={linkFor(ROUTES.dashboardV2)} replace />;
  }
  return (
    <PageContainer pageId="dashboard" title={t('title')} isTitleHidden>
      <DashboardPage
        firstName={userStore.profile?.firstName || null}
        tabs={tabs}
        selectedTab={selected ?? 'applications'}
        onSelectTab={onSelectTab}
        linkFor={linkFor}
      >
        {selected ? <DashboardTabContent tab={selected} /> : null}
      </DashboardPage>
    </PageContainer>
  );
}

/** /careers/applications (protected, page id applications): the applications, full width. */
export function ApplicationsRoute() {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  const { linkFor, searchHref } = useDashboardLinks();
  return (
    <PageContainer pageId="applications" title={t('applications.pageTitle')}>
      <ApplicationsPanel linkFor={linkFor} searchHref={searchHref} />
    </PageContainer>
  );
}
