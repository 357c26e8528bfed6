import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SearchForm, displayLocation } from '../../features/search/components/search-form';
import { SearchPage, type DetailSlotInput } from '../../features/search/components/search-page';
import { useSearchController, type SearchController } from '../../features/search/hooks/use-search-controller';
import type { GuestAlertButtonProps } from '../../features/saved-searches/components/guest-alert-button';
import type { SaveSearchButtonProps } from '../../features/saved-searches/components/save-search-button';
import { useBootData } from '../../lib/boot-data';
import { useSession } from '../../lib/session';
import type { Breakpoint } from '../../lib/breakpoints';
import { lazyNamed } from '../../lib/lazy-named';
import { RESERVED_CAREERS_SEGMENTS } from '../../lib/paths';
import { translateWithBdi } from '../../ui/bdi';
import { Card } from '../../ui/card';
import { Optional } from '../../ui/optional';
import { Skeleton } from '../../ui/skeleton';
import { Hero } from '../shell/hero';
import { NotFound } from '../shell/not-found';
import { PageContainer } from '../shell/page-container';
import './home-route.css';

// The job beside the results (details, match, insights, actions) loads after the list has painted.
const PositionPane = lazyNamed<DetailSlotInput, 'PositionPane'>(() => import('./position-pane'), 'PositionPane');
// The resume card is for signed-in candidates only: its code (and catalogue) never reaches visitors' first load.
// Signed-in candidates' controls load on demand: they are outside the first route's budget (P5).
const SaveSearchButton = lazyNamed<SaveSearchButtonProps, 'SaveSearchButton'>(() => import('../../features/saved-searches/components/save-search-button'), 'SaveSearchButton');
// Signed-out visitors' job alerts (loggedOutNotificationConfig): loaded only where the tenant offers them.
const GuestAlertButton = lazyNamed<GuestAlertButtonProps, 'GuestAlertButton'>(() => import('../../features/saved-searches/components/guest-alert-button'), 'GuestAlertButton');
const ResumeCard = lazyNamed<{ controller: SearchController }, 'ResumeCard'>(() => import('./resume-card'), 'ResumeCard');

/**
 * /careers, /careers/search and /careers/{query}/{location}: the job search page (spec §2, §4). With
 * nothing searched yet the tenant's hero carries the search form; once there is a query or a place, the
 * form moves above the results.
 */
export function HomeRoute() {
  const params = useParams();
  // An app screen's segment without a registered screen is an unknown page, not a search for its name.
  if (params.query && RESERVED_CAREERS_SEGMENTS.has(params.query.toLowerCase())) return <NotFound />;
  return <SearchScreen />;
}

/**
 * The job pane is part of the desktop page's first screen (the first result is selected): its code comes
 * before the first render, as a lazy screen's does (route-preload.ts), so the app does not fetch it only
 * once hydrated. Phones and tablets open a job on its own page and never load it here.
 */
HomeRoute.preload = (breakpoint?: Breakpoint): Promise<void> =>
  breakpoint === undefined || breakpoint === 'desktop' ? PositionPane.preload() : Promise.resolve();

function SearchScreen() {
  const { t } = useTranslation('search');
  const { tenant } = useBootData();
  const pcsxConfig = tenant.config.pcsxConfig;
  const { searchConfig, searchOptionsMap, branding } = pcsxConfig;
  const domain = tenant.isDefault ? undefined : tenant.domain;
  const filterKeys = useMemo(
    () => [...new Set([...searchConfig.smartFilters, ...searchConfig.allFilters])],
    [searchConfig.smartFilters, searchConfig.allFilters],
  );
  const controller = useSearchController({ searchOptionsMap, filterKeys, domain });
  const { committed, submitSearch } = controller;
  const hasSearch = committed.query !== '' || committed.location !== '';
  const { isLoggedIn } = useSession();
  const guestAlerts = pcsxConfig.loggedOutNotificationConfig;

  return (
    <PageContainer
      pageId="jobs"
      titleInput={{ query: committed.query, location: displayLocation(t, committed.location) }}
      hero={
        hasSearch ? undefined : (
          <Hero
            pageId="jobs"
            title={translateWithBdi(t, 'home.title', { company: branding.companyName })}
            subtitle={translateWithBdi(t, 'home.subtitle', { company: branding.companyName })}
          >
            <Card className="home-search" padding="lg">
              <h2 className="home-search__title">{t('home.searchHeading')}</h2>
              <SearchForm
                initialQuery=""
                initialLocation=""
                isCurrentLocationEnabled={searchConfig.currentLocation}
                onSubmit={(next) => submitSearch(next)}
              />
            </Card>
          </Hero>
        )
      }
    >
      <SearchPage
        controller={controller}
        pcsxConfig={pcsxConfig}
        domain={domain}
        isSearchBarShown={hasSearch}
        renderResultsAction={(input) =>
          isLoggedIn && input.metadata?.isEnabled ? (
            <Optional name="SaveSearchButton">
              <SaveSearchButton metadata={input.metadata} search={input.search} name={input.heading} />
            </Optional>
          ) : !isLoggedIn && guestAlerts.enabled ? (
            <Optional name="GuestAlertButton">
              <GuestAlertButton search={input.search} privacyText={guestAlerts.privacyText} />
            </Optional>
          ) : null
        }
        resultsTop={
          isLoggedIn ? (
            <Optional name="ResumeCard">
              <ResumeCard controller={controller} />
            </Optional>
          ) : null
        }
        renderDetail={(input) => (
          <Suspense fallback={<PaneLoading />}>
            <PositionPane key={input.pid} {...input} />
          </Suspense>
        )}
      />
    </PageContainer>
  );
}

function PaneLoading() {
  return (
    <div className="home-pane-loading" aria-hidden="true">
      <Skeleton width="30%" />
      <Skeleton height={28} width="80%" />
      <Skeleton lines={6} />
    </div>
  );
}
