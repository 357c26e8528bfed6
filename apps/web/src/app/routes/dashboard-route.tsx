import { dashboardTabs, selectedDashboardTab, ROUTES, type DashboardTab } from '@careers/contracts';
import { useCallback } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ApplicationsPanel } from '../../features/dashboard/components/applications-panel';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DashboardOverview, type OverviewSection } from '../../features/dashboard/components/dashboard-overview';
import { DraftsPanel } from '../../features/dashboard/components/drafts-panel';
import { EventsPanel } from '../../features/dashboard/components/events-panel';
import { InterviewsPanel } from '../../features/dashboard/components/interviews-panel';
import { ReferralsPanel } from '../../features/dashboard/components/referrals-panel';
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
      return <InterviewsPanel />;
    case 'events':
      return <EventsPanel />;
    case 'referrals':
      return <ReferralsPanel linkFor={linkFor} />;
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

/** /careers/interviews (protected, page id interviews): the interviews, full width. */
export function InterviewsRoute() {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  return (
    <PageContainer pageId="interviews" title={t('interviews.pageTitle')}>
      <InterviewsPanel />
    </PageContainer>
  );
}

/** Where each overview card's "View all" goes: the tab's own page where it has one, else the dashboard's tab. */
function sectionHref(tab: DashboardTab): string {
  switch (tab) {
    case 'applications':
      return ROUTES.applications;
    case 'interviews':
      return ROUTES.interviews;
    case 'saved':
      return ROUTES.savedJobs;
    case 'offers':
      return ROUTES.offers;
    case 'drafts':
    case 'events':
    case 'referrals':
      return `${ROUTES.dashboard}?tab=${tab}`;
  }
}

/**
 * /careers/dashboardv2 (protected, page id dashboard): the same data as the tabbed dashboard on one overview
 * page — the next steps, then one card per configured tab with its first items and a "View all" link.
 */
export function DashboardV2Route() {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  const { userStore } = useSession();
  const { linkFor, searchHref } = useDashboardLinks();
  const tabs = useTenantTabs();
  const sections: OverviewSection[] = tabs.map((tab) => ({
    tab,
    href: linkFor(sectionHref(tab)),
    content:
      tab === 'applications' ? (
        <ApplicationsPanel linkFor={linkFor} searchHref={searchHref} limit={2} />
      ) : tab === 'interviews' ? (
        <InterviewsPanel limit={2} />
      ) : (
        <DashboardTabContent tab={tab} />
      ),
  }));
  return (
    <PageContainer pageId="dashboard" title={t('title')} isTitleHidden>
      <DashboardOverview firstName={userStore.profile?.firstName || null} sections={sections} linkFor={linkFor} />
    </PageContainer>
  );
}
