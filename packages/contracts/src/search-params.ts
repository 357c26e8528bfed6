import { CAREERS_HOME } from './paths';
import { REMEMBERED_PARAMS } from './limits';
import { DISTANCE_FILTER, locationKind, parseDistance } from './search-location';
import {
  FILTER_PARAM_PREFIX,
  SEARCH_LOCATION_MAX_LENGTH,
  SEARCH_MAX_START,
  SEARCH_QUERY_MAX_LENGTH,
  SORT_OPTIONS,
  isFilterName,
  type SortBy,
} from './search';

/**
 * The search page's address (spec §2 "Search page URL params": query, location, start, pid, sort_by,
 * filter_<filterKey>, tab, show_login_modal), read into state and written back. Pure: the web's router
 * and the server (canonical links, tests) use the same functions.
 */

/** spec §3 Config searchOptionsMap: per filter key a display name and a label map. */
export type SearchOptionsMap = Readonly<
  Record<string, { displayName: string; options: { labelMap: Readonly<Record<string, string>> } }>
>;

export interface SearchUrlState {
  query: string;
  location: string;
  start: number;
  pid: string | null;
  /** null: not in the address (the server's default applies). */
  sortBy: SortBy | null;
  filters: Record<string, string[]>;
  tab: string | null;
  showLoginModal: boolean;
}

/** Params the search page owns; everything else is preserved on links (spec §2). */
export const SEARCH_APP_PARAMS = [
  'domain', 'query', 'location', 'start', 'pid', 'sort_by', 'tab', 'show_login_modal',
] as const;

export const isAppParam = (name: string): boolean =>
  (SEARCH_APP_PARAMS as readonly string[]).includes(name) || name.startsWith(FILTER_PARAM_PREFIX);

/** spec §2 "In query and location, hyphens and underscores read as spaces"; runs of spaces collapse. */
export const readSpaces = (text: string): string => text.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

const aliasForm = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, ' ').trim();

/**
 * spec §2 "Display-name aliases of filter keys are accepted and mapped back to the real key". Matching
 * ignores case and treats spaces, hyphens and underscores alike, so `filter_Job-Type`, `filter_job type`
 * and `filter_JOB_TYPE` all reach `job_type`. A real key wins over another filter's display name.
 * Unknown names are kept when they are well-formed snake_case (the server then ignores them), else dropped.
 */
export function resolveFilterKey(
  name: string,
  searchOptionsMap: SearchOptionsMap = {},
  filterKeys: Iterable<string> = [],
): string | null {
  const wanted = aliasForm(name);
  if (wanted === '') return null;
  const keys = new Set([...filterKeys, ...Object.keys(searchOptionsMap)]);
  for (const key of keys) if (aliasForm(key) === wanted) return key;
  for (const [key, entry] of Object.entries(searchOptionsMap)) {
    if (aliasForm(entry.displayName) === wanted) return key;
  }
  const lower = name.toLowerCase();
  return isFilterName(lower) ? lower : null;
}

/**
 * spec §2 "Filter values given as display labels are mapped back to option values". labelMap maps an
 * option value to its display label (spec §3 searchOptionsMap options.labelMap, e.g. FULL_TIME →
 * "Full time"), so a label is read back by inverting it: `filter_employment_type=Full time` becomes
 * `FULL_TIME`. Labels compare case-insensitively; a value that is no label passes through unchanged.
 */
export function resolveFilterValue(key: string, value: string, searchOptionsMap: SearchOptionsMap = {}): string {
  const labelMap = Object.hasOwn(searchOptionsMap, key) ? searchOptionsMap[key]?.options.labelMap : undefined;
  if (!labelMap) return value;
  const wanted = value.trim().toLowerCase();
  for (const [optionValue, label] of Object.entries(labelMap)) {
    if (label.trim().toLowerCase() === wanted) return optionValue;
  }
  return value;
}

/** The label to show for an option value (labelMap[value]), else the value itself. */
export function optionLabel(key: string, value: string, searchOptionsMap: SearchOptionsMap = {}): string {
  const labelMap = Object.hasOwn(searchOptionsMap, key) ? searchOptionsMap[key]?.options.labelMap : undefined;
  if (!labelMap || !Object.hasOwn(labelMap, value)) return value;
  return labelMap[value] ?? value;
}

/** The filter's display name (spec §3 searchOptionsMap.displayName), else its key. */
export const filterDisplayName = (key: string, searchOptionsMap: SearchOptionsMap = {}): string =>
  (Object.hasOwn(searchOptionsMap, key) ? searchOptionsMap[key]?.displayName : undefined) || key;

/**
 * spec §4: the distance filter is set to 0 for Map Location and cleared when it was 0 otherwise (a 0
 * radius only means something at a clicked point).
 */
export function applyDistanceRule(filters: Readonly<Record<string, readonly string[]>>, location: string): Record<string, string[]> {
  const next: Record<string, string[]> = Object.fromEntries(
    Object.entries(filters).map(([key, values]) => [key, [...values]]),
  );
  if (locationKind(location) === 'map_location') {
    next[DISTANCE_FILTER] = ['0'];
    return next;
  }
  const distance = next[DISTANCE_FILTER];
  if (distance && distance.length > 0 && distance.every((value) => parseDistance(value)?.amount === 0)) delete next[DISTANCE_FILTER];
  return next;
}

const POSITIVE_ID = /^[1-9][0-9]{0,14}$/;

/** Entries in address order (forEach: the contracts' lib has DOM but not DOM.Iterable). */
function entriesOf(params: URLSearchParams): [string, string][] {
  const entries: [string, string][] = [];
  params.forEach((value, name) => entries.push([name, value]));
  return entries;
}

export interface ReadSearchUrlOptions {
  searchOptionsMap?: SearchOptionsMap;
  /** The tenant's configured filter keys (searchConfig.smartFilters ∪ allFilters). */
  filterKeys?: Iterable<string>;
  /** /careers/{query}/{location} path segments (spec §2), already URI-decoded; params win over them. */
  pathQuery?: string | undefined;
  pathLocation?: string | undefined;
}

/** Read the search page's address into state (spec §2). Never throws; bad values fall back to defaults. */
export function readSearchUrl(search: URLSearchParams | string, options: ReadSearchUrlOptions = {}): SearchUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const { searchOptionsMap = {}, filterKeys = [] } = options;
  const keys = [...filterKeys];

  // A link may carry more than the search accepts: keep what the form would have let a person type.
  const query = readSpaces(params.get('query') ?? options.pathQuery ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH);
  let location = readSpaces(params.get('location') ?? options.pathLocation ?? '').slice(0, SEARCH_LOCATION_MAX_LENGTH);
  // spec §2: Map Area and Map Location are cleared on load (their coordinates are not in the address).
  const kind = locationKind(location);
  if (kind === 'map_area' || kind === 'map_location') location = '';

  const startText = (params.get('start') ?? '').trim();
  const startNumber = /^\d{1,6}$/.test(startText) ? Number(startText) : 0;
  const start = startNumber <= SEARCH_MAX_START ? startNumber : 0;

  const pidText = (params.get('pid') ?? '').trim();
  // A plain lookup rather than SortBySchema: the search page's first bundle carries no zod (P5).
  const sortText = (params.get('sort_by') ?? '').trim().toLowerCase();
  const sortBy = (SORT_OPTIONS as readonly string[]).includes(sortText) ? (sortText as SortBy) : null;
  const tab = params.get('tab');
  const loginModal = (params.get('show_login_modal') ?? '').trim().toLowerCase();

  const filters = new Map<string, string[]>();
  for (const [name, joined] of entriesOf(params)) {
    if (!name.toLowerCase().startsWith(FILTER_PARAM_PREFIX)) continue;
    const key = resolveFilterKey(name.slice(FILTER_PARAM_PREFIX.length), searchOptionsMap, keys);
    if (key === null) continue;
    const values = filters.get(key) ?? [];
    for (const part of joined.split(',')) {
      const value = resolveFilterValue(key, part.trim(), searchOptionsMap);
      if (value !== '' && !values.includes(value)) values.push(value);
    }
    if (values.length > 0) filters.set(key, values);
  }

  return {
    query,
    location,
    start,
    pid: POSITIVE_ID.test(pidText) ? pidText : null,
    sortBy,
    filters: applyDistanceRule(Object.fromEntries(filters), location),
    tab: tab && tab.trim() ? tab.trim() : null,
    showLoginModal: loginModal === '1' || loginModal === 'true',
  };
}

/** spec §2: the remembered params and every param that is not the page's own, in address order. */
export function preservedParams(search: URLSearchParams | string): [string, string][] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const remembered = REMEMBERED_PARAMS as readonly string[];
  return entriesOf(params).filter(([name]) => remembered.includes(name) || !isAppParam(name));
}

/** A link (any site path) carrying the preserved params of the current address; the link's own params win. */
export function withPreservedParams(path: string, current: URLSearchParams | string): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  const own = new Set(entriesOf(params).map(([name]) => name));
  for (const [name, value] of preservedParams(current)) if (!own.has(name)) params.append(name, value);
  const text = params.toString();
  return `${base}${text ? `?${text}` : ''}${hash}`;
}

export interface SearchUrlWriteInput {
  query: string;
  location: string;
  start: number;
  filters: Readonly<Record<string, readonly string[]>>;
  sortBy?: SortBy | null;
  pid?: string | null;
  tab?: string | null;
}

/**
 * The search page address for a state (spec §2 "Paths built": /careers with domain, query, location and
 * one filter_<name> per filter, values comma-joined). Filters in key order so one state has one address;
 * start only when not 0; show_login_modal never (it is a one-shot instruction); preserved params last.
 */
export function writeSearchUrl(
  state: SearchUrlWriteInput,
  options: { domain?: string | undefined; preserved?: readonly (readonly [string, string])[] } = {},
): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.append(name, value);
  };
  put('domain', options.domain);
  put('query', state.query.trim());
  put('location', state.location.trim());
  for (const key of Object.keys(state.filters).sort()) {
    const values = (state.filters[key] ?? []).filter((value) => value !== '');
    if (values.length > 0) params.append(`${FILTER_PARAM_PREFIX}${key}`, values.join(','));
  }
  if (state.start > 0) put('start', String(Math.floor(state.start)));
  put('sort_by', state.sortBy);
  put('pid', state.pid);
  put('tab', state.tab);
  for (const [name, value] of options.preserved ?? []) {
    if (!isAppParam(name) || (REMEMBERED_PARAMS as readonly string[]).includes(name)) params.append(name, value);
  }
  const text = params.toString();
  return text ? `${CAREERS_HOME}?${text}` : CAREERS_HOME;
}
