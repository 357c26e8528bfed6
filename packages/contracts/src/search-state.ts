import { applyDistanceRule } from './search-params';
import { formatBounds, formatLatLng, type GeoBounds, type LatLng } from './search-location';
import { FILTER_PARAM_PREFIX, type SortBy } from './search';

/**
 * spec §4 "Search" transitions as pure reducers over the part of the search state the page changes.
 * The web keeps the rest (count, filterDef, …) from the response; timing (the 1 s debounce of filter
 * changes, spec §9) is the caller's, and `reload` says which reload a change needs.
 */

export interface SearchState {
  query: string;
  location: string;
  /** Offset of the first result (spec §3 "start"). */
  start: number;
  filters: Record<string, string[]>;
  /** null: the server's default (relevance). */
  sortOption: SortBy | null;
  selectedPid: string | null;
  /** Coordinates behind current location / Map Location and Map Area (search-location.ts). */
  latlong: LatLng | null;
  bounds: GeoBounds | null;
}

export type Reload = 'debounced' | 'immediate';
export interface Transition {
  state: SearchState;
  reload: Reload;
}

export const initialSearchState = (): SearchState => ({
  query: '',
  location: '',
  start: 0,
  filters: {},
  sortOption: null,
  selectedPid: null,
  latlong: null,
  bounds: null,
});

const withoutEmpty = (filters: Readonly<Record<string, readonly string[]>>): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(filters)
      .map(([key, values]) => [key, values.filter((value) => value !== '')] as const)
      .filter(([, values]) => values.length > 0),
  );

/** spec §4: a filter change resets start to 0, clears the selected position, reloads after 1 s. */
export function changeFilters(state: SearchState, filters: Readonly<Record<string, readonly string[]>>): Transition {
  return { state: { ...state, filters: withoutEmpty(filters), start: 0, selectedPid: null }, reload: 'debounced' };
}

/** spec §4 "Clearing filters reloads at once". */
export function clearFilters(state: SearchState): Transition {
  return { state: { ...state, filters: {}, start: 0, selectedPid: null }, reload: 'immediate' };
}

export interface NewSearch {
  query: string;
  location: string;
  latlong?: LatLng | null;
  bounds?: GeoBounds | null;
}

/**
 * spec §4: a new search (query or location) resets start to 0 and clears the position; the distance
 * filter is set to 0 for Map Location and cleared when it was 0 otherwise.
 */
export function newSearch(state: SearchState, next: NewSearch): Transition {
  return {
    state: {
      ...state,
      query: next.query.trim(),
      location: next.location.trim(),
      latlong: next.latlong ?? null,
      bounds: next.bounds ?? null,
      filters: applyDistanceRule(state.filters, next.location.trim()),
      start: 0,
      selectedPid: null,
    },
    reload: 'immediate',
  };
}

/** Another page: the first result of that page is auto-selected after the load (spec §4), so the position clears. */
export function changePage(state: SearchState, start: number): Transition {
  const safeStart = Number.isFinite(start) && start > 0 ? Math.floor(start) : 0;
  return { state: { ...state, start: safeStart, selectedPid: null }, reload: 'immediate' };
}

/** A new order starts from the first page (spec silent; anything else would show an arbitrary slice). */
export function changeSort(state: SearchState, sortOption: SortBy | null): Transition {
  return { state: { ...state, sortOption, start: 0, selectedPid: null }, reload: 'immediate' };
}

/** spec §4 "User login resets the sort option". */
export function afterLogin(state: SearchState): SearchState {
  return { ...state, sortOption: null };
}

/**
 * spec §4 "Sort is sent only when the URL query and location equal the state": while the address and
 * the state disagree (the user typed but the address has not caught up) the server's default applies.
 */
export function sortToSend(
  state: Pick<SearchState, 'query' | 'location' | 'sortOption'>,
  url: { query: string; location: string },
): SortBy | undefined {
  if (state.sortOption === null) return undefined;
  return url.query.trim() === state.query.trim() && url.location.trim() === state.location.trim()
    ? state.sortOption
    : undefined;
}

/** spec §4 "After a load the first result is auto-selected unless a pid is in the URL". */
export function autoSelectedPid(positions: readonly { id: number | string }[], urlPid: string | null): string | null {
  if (urlPid) return urlPid;
  const first = positions[0];
  return first ? String(first.id) : null;
}

const sortedFilters = (filters: Readonly<Record<string, readonly string[]>>): [string, string[]][] =>
  Object.entries(withoutEmpty(filters))
    .map(([key, values]): [string, string[]] => [key, [...new Set(values)].sort()])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * spec §4 "Results are cached by a key of filters, start, query and location". Keys and values are
 * sorted so the same selection in another order hits the same entry. We add the sort and the
 * coordinates: without them two Map Areas (same location text "Map Area") or two sort orders would
 * share one cache entry and show stale results.
 */
export function resultsCacheKey(state: Pick<SearchState, 'filters' | 'start' | 'query' | 'location'> & Partial<SearchState>): string {
  return JSON.stringify([
    state.query.trim(),
    state.location.trim(),
    state.start,
    sortedFilters(state.filters),
    state.sortOption ?? null,
    state.latlong ? formatLatLng(state.latlong) : null,
    state.bounds ? formatBounds(state.bounds) : null,
  ]);
}

/**
 * Query params of GET /api/pcsx/search (spec §7) for a state: filters as repeated filter_<key> params
 * (one value each, keys sorted), start only when not 0, sort only when given (see sortToSend).
 */
export function searchApiParams(
  state: Pick<SearchState, 'query' | 'location' | 'start' | 'filters' | 'latlong' | 'bounds'>,
  options: { domain?: string | undefined; sortBy?: SortBy | undefined; debug?: string | null | undefined } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (options.domain) params.set('domain', options.domain);
  params.set('query', state.query.trim());
  params.set('location', state.location.trim());
  if (state.start > 0) params.set('start', String(Math.floor(state.start)));
  if (options.sortBy) params.set('sort_by', options.sortBy);
  for (const [key, values] of sortedFilters(state.filters)) {
    for (const value of values) params.append(`${FILTER_PARAM_PREFIX}${key}`, value);
  }
  if (state.latlong) params.set('latlong', formatLatLng(state.latlong));
  if (state.bounds) params.set('bounds', formatBounds(state.bounds));
  if (options.debug) params.set('debug', options.debug);
  return params;
}
