import {
  DISTANCE_FILTER,
  SPECIAL_LOCATIONS,
  autoSelectedPid,
  jobPath,
  locationKind,
  preservedParams,
  searchApiParams,
  withPreservedParams,
  writeSearchUrl,
  type Position,
  type PcsxConfig,
  type SavedSearchMetadata,
} from '@careers/contracts';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBreakpoint } from '../../../lib/breakpoints';
import { formatNumber } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { withTenantDomain } from '../../../lib/tenant-link';
import { useSession } from '../../../lib/session';
import { translateWithBdi } from '../../../ui/bdi';
import { Skeleton } from '../../../ui/skeleton';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { searchQueryKey, useSearchPositions } from '../api/search-positions';
import { appliedFilters, configuredFilterKeys, filterGroups, withValue, withoutKey } from '../filter-model';
import { requestCurrentPosition } from '../hooks/current-position';
import type { SearchController } from '../hooks/use-search-controller';
import { AppliedFilters } from './applied-filters';
import { distanceUnitFor } from './distance-select';
import { EmptyResults } from './empty-results';
import { FilterBar } from './filter-bar';
import type { MapPanelProps } from './map-panel';
import { Pagination } from './pagination';
import { ResultList, ResultListSkeleton } from './result-list';
import { ResultsToolbar } from './results-toolbar';
import { SearchForm, displayLocation } from './search-form';
import './search-page.css';

// The map view (its panel, then Leaflet and supercluster) loads only when Map is chosen (P5).
const MapPanel = lazyNamed<MapPanelProps, 'MapPanel'>(() => import('./map-panel'), 'MapPanel');

export interface DetailSlotInput {
  pid: string;
  /** The searched place, so the job lists its matching location first (spec §7 queried_location). */
  queriedLocation: string | undefined;
  /** The details call failed: the position is cleared (spec §4); the detail itself shows the toast. */
  onDetailsFailed: () => void;
  /** The candidate opened this result (click, Enter): its heading takes focus once shown (issue 8 §6). */
  shouldFocusTitle: boolean;
}

/** What the route's control beside the result count gets (issue 12: Save search). */
export interface ResultsActionInput {
  /** The answer's savedSearchMetadata; undefined until the first answer. */
  metadata: SavedSearchMetadata | undefined;
  /** The search as the search call's query string, without paging and sort. */
  search: string;
  /** The results heading ("“nurse” jobs in Boston"), a name for it. */
  heading: string;
}

export interface SearchPageProps {
  controller: SearchController;
  pcsxConfig: PcsxConfig;
  /** Links carry the tenant domain when it is not the default one. */
  domain: string | undefined;
  /** False when the route shows the search bar in the hero instead (nothing searched yet). */
  isSearchBarShown: boolean;
  /** The job beside the list on desktop, composed by the route from the positions feature. */
  renderDetail: (input: DetailSlotInput) => ReactNode;
  /** Beside the result count, composed by the route: the saved-search control (issue 12). */
  renderResultsAction?: (input: ResultsActionInput) => ReactNode;
  /** Above the results (the signed-in candidate's resume card, composed by the route). */
  resultsTop?: ReactNode;
}

/** The job search page (spec §2, §4 "Search"): filters, results, pagination, the detail or the map beside them. */
export function SearchPage({ controller, pcsxConfig, domain, isSearchBarShown, renderDetail, renderResultsAction, resultsTop }: SearchPageProps) {
  const { t, i18n } = useTranslation('search');
  const toast = useToast();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const isDesktop = useBreakpoint() === 'desktop';
  const { searchConfig, searchOptionsMap } = pcsxConfig;
  const { state, committed, request } = controller;

  const kind = locationKind(committed.location);
  const isWaitingForPosition = kind === 'current_location' && committed.latlong === null;
  const search = useSearchPositions(request, !isWaitingForPosition);
  const data = search.data;
  const resultKey = searchQueryKey(request)[1];
  const isFresh = !!data && !search.isPlaceholderData;

  const filterKeys = useMemo(() => configuredFilterKeys(searchConfig), [searchConfig]);
  const groups = useMemo(
    () => filterGroups(filterKeys, data?.filterDef, searchOptionsMap, state.filters),
    [filterKeys, data?.filterDef, searchOptionsMap, state.filters],
  );
  const applied = appliedFilters(state.filters, groups, searchOptionsMap);

  // spec §8: "Load positions failed: Failed to load positions (2 s, top centre)".
  useEffect(() => {
    if (!search.isError) return;
    toast.show({ message: t('results.failedToast'), style: 'error', duration: 2000, position: 'top-center' });
  }, [search.isError, search.errorUpdatedAt, toast, t]);

  // spec §4: after a load the first result is auto-selected unless a pid is in the URL (desktop only:
  // on a phone the list comes first and a tap opens the job's own page).
  const autoSelectedKey = useRef<string | null>(null);
  const { isPidFromUrl, selectPosition } = controller;
  // The result the candidate opened from the list: keyboard users land on its details, not on <body>
  // or back at the list (issue 8 §6); an auto-selected first result takes no focus.
  const [openedPid, setOpenedPid] = useState<string | null>(null);
  useEffect(() => {
    if (!isDesktop || !isFresh || autoSelectedKey.current === resultKey) return;
    autoSelectedKey.current = resultKey;
    if (isPidFromUrl || committed.selectedPid !== null) return;
    const pid = autoSelectedPid(data.positions, null);
    if (pid) selectPosition(pid, 'auto');
  }, [isDesktop, isFresh, resultKey, isPidFromUrl, committed.selectedPid, data, selectPosition]);

  // The count, said once per completed search for screen-reader users: the region empties while a
  // search runs, so the same count is announced again after the next one.
  const announcement = !isFresh || search.isError
    ? ''
    : data.count === 0
      ? t('results.none')
      : t('results.announce', { count: data.count, total: formatNumber(data.count, i18n.language) });

  // "current location": ask the browser for the coordinates the search needs; without them, drop it.
  const { submitSearch } = controller;
  useEffect(() => {
    if (!isWaitingForPosition) return;
    let isCancelled = false;
    requestCurrentPosition()
      .then((latlong) => {
        if (!isCancelled) submitSearch({ query: committed.query, location: SPECIAL_LOCATIONS.currentLocation, latlong }, 'replace');
      })
      .catch(() => {
        if (isCancelled) return;
        toast.show({ message: t('form.locationUnavailable'), style: 'warning' });
        submitSearch({ query: committed.query, location: '' }, 'replace');
      });
    return () => {
      isCancelled = true;
    };
  }, [isWaitingForPosition, committed.query, submitSearch, toast, t]);

  // spec §4 "User login resets the sort option" (when signing in does not reload the page).
  const wasLoggedIn = useRef(isLoggedIn);
  const { setSort } = controller;
  useEffect(() => {
    if (isLoggedIn && !wasLoggedIn.current && committed.sortOption !== null) setSort(null);
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn, committed.sortOption, setSort]);

  // The name of the place last chosen on the map, for the heading ("jobs near Boston").
  const [mapPlace, setMapPlace] = useState<string | null>(null);

  const resultsRef = useRef<HTMLElement>(null);
  const goToStart = (start: number) => {
    controller.goToStart(start);
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const hrefFor = (position: Pick<Position, 'id'>) => withPreservedParams(withTenantDomain(jobPath(position.id), domain), location.search);
  const pageHref = (start: number) =>
    writeSearchUrl(
      { ...committed, start, sortBy: committed.sortOption, tab: controller.view === 'map' ? 'map' : null },
      { domain, preserved: preservedParams(location.search) },
    );

  const isMapEnabled = searchConfig.mapConfig.enabled;
  const view = isMapEnabled ? controller.view : 'list';
  const selectedPid = committed.selectedPid;
  const hasFilters = applied.length > 0;
  const queriedLocation = kind === 'text' ? committed.location : undefined;

  // The pane's column is kept while the first page loads, so the list does not jump sideways (CLS, P6).
  const hasDetailPane = isDesktop && view === 'list' && !search.isError && (!data || data.positions.length > 0);
  const hasSide = view === 'map' || hasDetailPane;
  const place = headingPlace(t, committed.location, mapPlace);
  // The plain sentence names a saved search; the heading isolates the candidate's words in it (issue 13).
  const heading = resultsHeading((key, values) => t(key, values), committed.query, place);

  return (
    <div className={`search-page search-page--${view}`}>
      {isSearchBarShown ? (
        <div className="search-page__bar">
          <h1 className="search-page__heading">{resultsHeading((key, values) => translateWithBdi(t, key, values), committed.query, place)}</h1>
          <SearchForm
            key={`${committed.query}\n${committed.location}`}
            initialQuery={committed.query}
            initialLocation={committed.location}
            isCurrentLocationEnabled={searchConfig.currentLocation}
            onSubmit={(next) => submitSearch(next)}
          />
        </div>
      ) : null}

      {isSearchBarShown ? null : <h2 className="search-page__results-heading">{t('results.latest')}</h2>}
      <div className="search-page__filters">
        <FilterBar
          groups={groups}
          smartKeys={searchConfig.smartFilters}
          filters={state.filters}
          onChange={controller.setFilters}
          onClearAll={controller.clearFilters}
          distanceUnit={distanceUnitFor(i18n.language, searchConfig.distanceUnit)}
          isDistanceShown={kind === 'text' || kind === 'current_location' || state.filters[DISTANCE_FILTER] !== undefined}
          resultCount={data ? data.count : null}
        />
        <AppliedFilters
          applied={applied}
          onRemove={(filter) => controller.setFilters(filter.key === DISTANCE_FILTER ? withoutKey(state.filters, filter.key) : withValue(state.filters, filter.key, filter.value, false))}
          onClearAll={controller.clearFilters}
        />
      </div>

      <ResultsToolbar
        start={committed.start}
        shownCount={data?.positions.length ?? 0}
        total={data && !search.isError ? data.count : null}
        sortOption={committed.sortOption}
        onSortChange={controller.setSort}
        view={isMapEnabled ? view : undefined}
        onViewChange={isMapEnabled ? controller.setView : undefined}
        action={
          renderResultsAction && !isWaitingForPosition
            ? renderResultsAction({
                metadata: isFresh ? data.savedSearchMetadata : undefined,
                search: searchApiParams({ ...request, start: 0 }).toString(),
                heading,
              })
            : undefined
        }
      />

      <div className={`search-page__body${hasSide ? '' : ' search-page__body--single'}`}>
        <section ref={resultsRef} className="search-page__results" aria-labelledby="search-results-heading">
          {/* The cards' titles are h3: this heading keeps the outline whole (h1 → h2 → h3) in every view. */}
          <h2 id="search-results-heading" className="visually-hidden">
            {t('results.heading')}
          </h2>
          {resultsTop}
          {data && data.resultsMetaData.corrections.length > 0 ? (
            <p className="search-page__corrections">
              {translateWithBdi(t, 'results.corrections', { terms: data.resultsMetaData.corrections.flatMap((correction) => correction.variants).join(', ') })}
            </p>
          ) : null}
          {search.isError ? (
            <StateView status="error" message={t('results.failed')} onRetry={() => void search.refetch()} />
          ) : !data ? (
            <ResultListSkeleton />
          ) : data.positions.length === 0 ? (
            <EmptyResults
              hasFilters={hasFilters}
              hasLocation={committed.location !== ''}
              hasQuery={committed.query !== ''}
              onClearFilters={controller.clearFilters}
              onSearchEverywhere={() => submitSearch({ query: committed.query, location: '' })}
              onClearQuery={() => submitSearch({ query: '', location: committed.location })}
            />
          ) : (
            <>
              <ResultList
                positions={data.positions}
                selectedPid={isDesktop && view === 'list' ? selectedPid : null}
                hrefFor={hrefFor}
                searchOptionsMap={searchOptionsMap}
                onSelect={
                  isDesktop && view === 'list'
                    ? (position) => {
                        setOpenedPid(String(position.id));
                        selectPosition(String(position.id), 'user');
                      }
                    : undefined
                }
                isStale={search.isPlaceholderData || controller.isFilterChangePending}
              />
              <Pagination start={committed.start} count={data.count} hrefFor={pageHref} onChange={goToStart} />
            </>
          )}
        </section>

        {view === 'map' ? (
          <div className="search-page__side search-page__side--map">
            <Suspense fallback={<div className="search-page__map-loading" role="status">{t('map.loading')}</div>}>
              <MapPanel
                filterDef={data?.filterDef}
                tileUrl={searchConfig.mapConfig.tileUrl}
                attribution={searchConfig.mapConfig.attribution}
                searchedArea={kind === 'map_area' ? committed.bounds : null}
                onSearchArea={(bounds) => submitSearch({ query: committed.query, location: SPECIAL_LOCATIONS.mapArea, bounds })}
                onSelectPlace={(place) => {
                  setMapPlace(place.location);
                  submitSearch({ query: committed.query, location: SPECIAL_LOCATIONS.mapLocation, latlong: place.latlong });
                }}
                onSearchRemote={() => submitSearch({ query: committed.query, location: SPECIAL_LOCATIONS.remote })}
              />
            </Suspense>
          </div>
        ) : hasDetailPane ? (
          <aside className="search-page__side search-page__side--detail" aria-label={t('detail.label')}>
            {!data ? (
              <div className="search-page__pane-loading" aria-hidden="true">
                <Skeleton width="30%" />
                <Skeleton height={28} width="80%" />
                <Skeleton lines={6} />
              </div>
            ) : selectedPid ? (
              renderDetail({
                pid: selectedPid,
                queriedLocation,
                onDetailsFailed: () => selectPosition(null, isPidFromUrl ? 'user' : 'auto'),
                shouldFocusTitle: openedPid === selectedPid,
              })
            ) : (
              <p className="search-page__pick">{t('detail.pick')}</p>
            )}
          </aside>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<'search'>>['t'];

/** The place as a heading names it: the typed place, "Remote", "the map area" or the place picked on the map. */
function headingPlace(t: Translate, location: string, mapPlace: string | null): string {
  switch (locationKind(location)) {
    case 'map_area':
      return t('results.mapArea');
    case 'map_location':
      return mapPlace ?? t('results.mapLocation');
    case 'none':
    case 'text':
    case 'remote':
    case 'current_location':
      return displayLocation(t, location);
  }
}

/**
 * "“nurse” jobs in Boston", "Jobs in Boston", "“nurse” jobs" or "All jobs", through `translate` (a string, or
 * the sentence with the query and place isolated).
 */
function resultsHeading<T>(translate: (key: string, values: Record<string, string>) => T, query: string, place: string): T {
  if (query && place) return translate('results.queryInLocation', { query, location: place });
  if (query) return translate('results.query', { query });
  if (place) return translate('results.inLocation', { location: place });
  return translate('results.all', {});
}
