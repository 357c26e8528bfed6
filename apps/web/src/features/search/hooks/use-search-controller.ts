import {
  SEARCH_DEBOUNCE_MS,
  changeFilters,
  changePage,
  changeSort,
  clearFilters,
  locationKind,
  newSearch,
  preservedParams,
  readSearchUrl,
  readSpaces,
  sortToSend,
  writeSearchUrl,
  type GeoBounds,
  type LatLng,
  type NewSearch,
  type SearchOptionsMap,
  type SearchState,
  type SortBy,
  type Transition,
} from '@careers/contracts';
import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { SearchRequest } from '../api/search-positions';

/** The view beside the list: the job detail (default) or the map (spec §2 URL param `tab`). */
export type SearchView = 'list' | 'map';
const MAP_TAB = 'map';

export interface SearchControllerOptions {
  searchOptionsMap: SearchOptionsMap;
  filterKeys: readonly string[];
  /** Written into links for a tenant that is not the default one. */
  domain: string | undefined;
}

/** Coordinates behind a special location, kept in memory only (spec §2: Map Area/Location are cleared on load). */
interface GeoMemory {
  location: string;
  latlong: LatLng | null;
  bounds: GeoBounds | null;
}

type WriteMode = 'push' | 'replace';

interface Model {
  /** What the controls show: filters may be ahead of the results while the debounce runs. */
  state: SearchState;
  /** What the results on screen were asked for, and what the address says. */
  committed: SearchState;
  view: SearchView;
  isPidFromUrl: boolean;
  isPending: boolean;
  /** The address to write next (an effect writes it); `id` changes once per write. */
  write: { id: number; mode: WriteMode; withPid: boolean } | null;
}

type Action =
  | { type: 'transition'; transition: Transition; mode: WriteMode }
  | { type: 'commitPending' }
  | { type: 'select'; pid: string | null; origin: 'user' | 'auto' }
  | { type: 'view'; view: SearchView }
  | { type: 'address'; state: SearchState; view: SearchView; isGeoCleared: boolean };

const nextWrite = (model: Model, mode: WriteMode, withPid: boolean): Model['write'] => ({ id: (model.write?.id ?? 0) + 1, mode, withPid });

function reduce(model: Model, action: Action): Model {
  switch (action.type) {
    case 'transition': {
      const { state, reload } = action.transition;
      if (reload === 'debounced') return { ...model, state, isPending: true };
      return { ...model, state, committed: state, isPending: false, isPidFromUrl: false, write: nextWrite(model, action.mode, false) };
    }
    case 'commitPending':
      if (!model.isPending) return model;
      return { ...model, committed: model.state, isPending: false, isPidFromUrl: false, write: nextWrite(model, 'push', false) };
    case 'select': {
      const next = {
        ...model,
        state: { ...model.state, selectedPid: action.pid },
        committed: { ...model.committed, selectedPid: action.pid },
      };
      return action.origin === 'user' ? { ...next, isPidFromUrl: action.pid !== null, write: nextWrite(model, 'replace', true) } : next;
    }
    case 'view':
      return { ...model, view: action.view, write: nextWrite(model, 'replace', model.isPidFromUrl) };
    case 'address':
      return {
        state: action.state,
        committed: action.state,
        view: action.view,
        isPidFromUrl: action.state.selectedPid !== null,
        isPending: false,
        write: action.isGeoCleared ? nextWrite(model, 'replace', action.state.selectedPid !== null) : model.write,
      };
  }
}

function readAddress(
  pathname: string,
  search: string,
  params: Readonly<Record<string, string | undefined>>,
  options: SearchControllerOptions,
  geo: GeoMemory | null,
): { state: SearchState; view: SearchView; isGeoCleared: boolean } {
  const isSearchPath = pathname.replace(/\/+$/, '').toLowerCase() === '/careers/search';
  const url = readSearchUrl(search, {
    searchOptionsMap: options.searchOptionsMap,
    filterKeys: options.filterKeys,
    pathQuery: isSearchPath ? undefined : params.query,
    pathLocation: isSearchPath ? undefined : params.location,
  });
  let location = url.location;
  let latlong: LatLng | null = null;
  let bounds: GeoBounds | null = null;
  // Back/forward within this visit may return to a Map Area, Map Location or current location whose
  // coordinates we still hold; a fresh load has none (readSearchUrl has cleared the map ones, spec §2).
  const rawLocation = readSpaces(new URLSearchParams(search).get('location') ?? '');
  if (geo && rawLocation.toLowerCase() === geo.location.toLowerCase()) {
    location = geo.location;
    latlong = geo.latlong;
    bounds = geo.bounds;
  }
  const rawKind = locationKind(rawLocation);
  return {
    state: { query: url.query, location, start: url.start, filters: url.filters, sortOption: url.sortBy, selectedPid: url.pid, latlong, bounds },
    view: url.tab === MAP_TAB ? 'map' : 'list',
    // The address names a map search whose coordinates are gone: it is rewritten to the search shown.
    isGeoCleared: (rawKind === 'map_area' || rawKind === 'map_location') && location === '',
  };
}

export interface SearchController {
  state: SearchState;
  committed: SearchState;
  request: SearchRequest;
  /** The position id came from the address (a shared link), so nothing is auto-selected (spec §4). */
  isPidFromUrl: boolean;
  view: SearchView;
  isFilterChangePending: boolean;
  /** `replace`: a refinement of the search just made (its coordinates arrived), not a new history entry. */
  submitSearch(next: NewSearch, mode?: WriteMode): void;
  setFilters(filters: Readonly<Record<string, readonly string[]>>): void;
  clearFilters(): void;
  goToStart(start: number): void;
  setSort(sortOption: SortBy | null): void;
  /** A user's choice is written to the address; an automatic one is not. */
  selectPosition(pid: string | null, origin: 'user' | 'auto'): void;
  setView(view: SearchView): void;
}

/**
 * The search page's state machine (spec §4 "Search") over its address (spec §2): the reducers of
 * search-state.ts decide each transition; this hook adds the 1 s debounce of filter changes and keeps the
 * address in step. Back/forward and links to other searches are read back from the address.
 */
export function useSearchController(options: SearchControllerOptions): SearchController {
  const location = useLocation();
  const params = useParams();
  const navigate = useNavigate();
  const geoRef = useRef<GeoMemory | null>(null);
  const lastWrittenRef = useRef(location.pathname + location.search);

  const [model, dispatch] = useReducer(reduce, null, (): Model => {
    const read = readAddress(location.pathname, location.search, params, options, null);
    return {
      state: read.state,
      committed: read.state,
      view: read.view,
      isPidFromUrl: read.state.selectedPid !== null,
      isPending: false,
      write: read.isGeoCleared ? { id: 1, mode: 'replace', withPid: read.state.selectedPid !== null } : null,
    };
  });

  // spec §4/§9: a filter change reloads after 1 s without further changes.
  useEffect(() => {
    if (!model.isPending) return;
    const timer = setTimeout(() => dispatch({ type: 'commitPending' }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [model.isPending, model.state]);

  // A write is an event: it happens once. React runs this effect again when a Suspense boundary above shows the
  // page again after a fallback (effects reconnect), and each repeat pushed the same address anew: a fresh location,
  // another suspension, another push, a loop that swallowed a tap on a result (seen on phones in e2e).
  const lastWriteIdRef = useRef<number | null>(null);
  const writeAddress = useEffectEvent((write: NonNullable<Model['write']>) => {
    if (write.id === lastWriteIdRef.current) return;
    lastWriteIdRef.current = write.id;
    const { committed, view } = model;
    const url = writeSearchUrl(
      {
        query: committed.query,
        location: committed.location,
        start: committed.start,
        filters: committed.filters,
        sortBy: committed.sortOption,
        pid: write.withPid ? committed.selectedPid : null,
        tab: view === 'map' ? MAP_TAB : null,
      },
      { domain: options.domain, preserved: preservedParams(location.search) },
    );
    lastWrittenRef.current = url;
    void navigate(url, { replace: write.mode === 'replace' });
  });
  useEffect(() => {
    if (model.write) writeAddress(model.write);
  }, [model.write]);

  // Another search reached through the address (back/forward, a link, the navbar): start over from it.
  const readNewAddress = useEffectEvent((addressKey: string) => {
    if (addressKey === lastWrittenRef.current) return;
    lastWrittenRef.current = addressKey;
    dispatch({ type: 'address', ...readAddress(location.pathname, location.search, params, options, geoRef.current) });
  });
  const addressKey = location.pathname + location.search;
  useEffect(() => readNewAddress(addressKey), [addressKey]);

  const submitSearch = useCallback(
    (next: NewSearch, mode: WriteMode = 'push') => {
      const kind = locationKind(next.location);
      geoRef.current =
        kind === 'map_area' || kind === 'map_location' || kind === 'current_location'
          ? { location: next.location.trim(), latlong: next.latlong ?? null, bounds: next.bounds ?? null }
          : null;
      dispatch({ type: 'transition', transition: newSearch(model.state, next), mode });
    },
    [model.state],
  );

  const { state, committed } = model;
  const request = useMemo<SearchRequest>(
    () => ({
      query: committed.query,
      location: committed.location,
      start: committed.start,
      filters: committed.filters,
      latlong: committed.latlong,
      bounds: committed.bounds,
      // The address always carries the committed terms, so this is the committed sort (spec §4).
      sortBy: sortToSend(committed, { query: committed.query, location: committed.location }),
    }),
    [committed],
  );

  const transition = useCallback((next: Transition) => dispatch({ type: 'transition', transition: next, mode: 'push' }), []);

  return {
    state,
    committed,
    request,
    isPidFromUrl: model.isPidFromUrl,
    view: model.view,
    isFilterChangePending: model.isPending,
    submitSearch,
    setFilters: useCallback((filters) => transition(changeFilters(state, filters)), [transition, state]),
    clearFilters: useCallback(() => transition(clearFilters(state)), [transition, state]),
    goToStart: useCallback((start: number) => transition(changePage(state, start)), [transition, state]),
    setSort: useCallback((sortOption: SortBy | null) => transition(changeSort(state, sortOption)), [transition, state]),
    selectPosition: useCallback((pid: string | null, origin: 'user' | 'auto') => dispatch({ type: 'select', pid, origin }), []),
    setView: useCallback((view: SearchView) => dispatch({ type: 'view', view }), []),
  };
}
