import { z } from 'zod';
import { PositionSchema } from './positions';
import { SEARCH_PAGE_SIZE } from './limits';
import {
  DISTANCE_FILTER,
  MAX_DISTANCE_MILES,
  locationKind,
  needsLatLong,
  parseBounds,
  parseDistanceMiles,
  parseLatLng,
  type GeoBounds,
  type LatLng,
  type LocationKind,
} from './search-location';

/**
 * GET /api/pcsx/search (spec §7): query domain, query, location, start, optional sort_by, repeated
 * filter_{snake_case_name}; plus latlong / bounds for the special locations (search-location.ts) and
 * debug (spec §7: the client copies `debug` from the page address; the server decides whether it counts).
 *
 * Bad input (issue 3 "Bad input") is a 400 with one message per field, never a 500:
 *   start        whole number 0..SEARCH_MAX_START ("-1", "1.5", "1e3" refused)
 *   sort_by      relevance | newest
 *   query        at most SEARCH_QUERY_MAX_LENGTH characters ("Search terms are too long …")
 *   location     at most SEARCH_LOCATION_MAX_LENGTH characters
 *   latlong      "lat,lng", |lat| ≤ 90, |lng| ≤ 180; required for current location and Map Location
 *   bounds       "swLat,swLng,neLat,neLng"; required for Map Area
 *   filter_distance  miles ("25") or kilometres ("40km"), up to MAX_DISTANCE_MILES
 *   a scalar param given twice, or too many filters or filter values
 * Filter params with a malformed name (not snake_case after `filter_`) are ignored, as are well-formed
 * filters the tenant has not configured (resolveAppliedFilters); both are named in
 * resultsMetaData.ignoredFilters and never in appliedFilters. Other unknown params (utm_source, pid …)
 * are ignored: links carry them (spec §2) and they must not break a search.
 */

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LOCATION_MAX_LENGTH = 200;
/** Deep pages cost a scan each; 10,000 is 1,000 pages of 10, beyond any human use. */
export const SEARCH_MAX_START = 10_000;
export const SEARCH_MAX_FILTERS = 30;
export const SEARCH_MAX_FILTER_VALUES = 50;
export const SEARCH_FILTER_VALUE_MAX_LENGTH = 200;

export const SORT_OPTIONS = ['relevance', 'newest'] as const;
/** relevance (default): text rank when there is free text, otherwise distance to a point, otherwise newest. */
export const SortBySchema = z.enum(SORT_OPTIONS);
export type SortBy = z.infer<typeof SortBySchema>;
export const DEFAULT_SORT: SortBy = 'relevance';

/** The filters that carry map markers (spec §3): label = count, value = "location@lat,lng". */
export const MAP_MARKER_FILTERS = ['latlong_non_remote', 'latlong_remote'] as const;
export type MapMarkerFilter = (typeof MAP_MARKER_FILTERS)[number];

export const FILTER_PARAM_PREFIX = 'filter_';
const FILTER_NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const isFilterName = (name: string): boolean => FILTER_NAME.test(name);

/**
 * Filter values travel comma-joined (spec §2 "values comma-joined"), so a selectable option value never
 * contains a comma: the facet builder uses codes or names without commas.
 */
export const isSelectableFilterValue = (value: string): boolean =>
  value.trim() === value && value !== '' && !value.includes(',') && value.length <= SEARCH_FILTER_VALUE_MAX_LENGTH;

export interface SearchQuery {
  domain: string | undefined;
  /** Trimmed free text; '' for none. */
  query: string;
  /** Trimmed location text or special value; '' for none. */
  location: string;
  locationKind: LocationKind;
  start: number;
  sortBy: SortBy;
  /** Well-formed `filter_*` params: key without the prefix → values, deduplicated, order kept. */
  filters: Record<string, string[]>;
  /**
   * Radius from filter_distance, in miles; null when not given. It applies around `latlong` (current
   * location, Map Location) or around the typed city's coordinates; remote, Map Area and an empty
   * location have no centre, so there it has no effect.
   */
  distanceMiles: number | null;
  latlong: LatLng | null;
  bounds: GeoBounds | null;
  debug: boolean;
  /** Filter params whose names are malformed (raw names, for resultsMetaData.ignoredFilters). */
  ignoredFilters: string[];
}

export type SearchQueryResult =
  | { ok: true; value: SearchQuery }
  | { ok: false; message: string; fields: Record<string, string> };

const SCALAR_PARAMS = ['domain', 'query', 'location', 'start', 'sort_by', 'latlong', 'bounds', 'debug'] as const;

export const SearchMessages = {
  queryTooLong: `Search terms are too long: use at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
  locationTooLong: `Location is too long: use at most ${SEARCH_LOCATION_MAX_LENGTH} characters`,
  start: `start must be a whole number from 0 to ${SEARCH_MAX_START}`,
  sortBy: `sort_by must be one of: ${SORT_OPTIONS.join(', ')}`,
  latlong: 'latlong must be "lat,lng" in decimal degrees, latitude within ±90 and longitude within ±180',
  latlongRequired: 'latlong is required to search by current location or Map Location',
  bounds: 'bounds must be "swLat,swLng,neLat,neLng" in decimal degrees, with the south edge not north of the north edge',
  boundsRequired: 'bounds is required to search by Map Area',
  distance: `filter_distance must be a radius in miles ("25") or kilometres ("40km") of at most ${MAX_DISTANCE_MILES} miles`,
  tooManyFilters: `Too many filters: use at most ${SEARCH_MAX_FILTERS}`,
  tooManyValues: `Too many values for one filter: use at most ${SEARCH_MAX_FILTER_VALUES}`,
  valueTooLong: `Filter values must be at most ${SEARCH_FILTER_VALUE_MAX_LENGTH} characters`,
  domainTooLong: 'domain is too long',
  notText: 'must be text',
  repeated: 'must be given once',
  invalid: 'The search request is invalid',
} as const;

type Raw = Record<string, unknown>;

const asStrings = (value: unknown): string[] | null => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return null;
};

/** Parse the raw query object (as Fastify gives it: strings, or arrays for repeated params). */
export function parseSearchQuery(raw: unknown): SearchQueryResult {
  const fields: Record<string, string> = {};
  const input: Raw = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Raw) : {};
  const scalars = new Map<string, string>();
  const filterEntries: [string, string[]][] = [];
  const ignoredFilters: string[] = [];

  for (const key of Object.keys(input)) {
    const values = asStrings(input[key]);
    if ((SCALAR_PARAMS as readonly string[]).includes(key)) {
      if (values === null) fields[key] = `${key} ${SearchMessages.notText}`;
      else if (values.length > 1) fields[key] = `${key} ${SearchMessages.repeated}`;
      else scalars.set(key, values[0] ?? '');
      continue;
    }
    if (!key.startsWith(FILTER_PARAM_PREFIX)) continue;
    const name = key.slice(FILTER_PARAM_PREFIX.length).toLowerCase();
    if (!isFilterName(name) || values === null) {
      if (ignoredFilters.length < SEARCH_MAX_FILTERS) ignoredFilters.push(key.slice(0, 80));
      continue;
    }
    filterEntries.push([name, values]);
  }

  const query = (scalars.get('query') ?? '').trim();
  if (query.length > SEARCH_QUERY_MAX_LENGTH) fields.query = SearchMessages.queryTooLong;
  const location = (scalars.get('location') ?? '').trim();
  if (location.length > SEARCH_LOCATION_MAX_LENGTH) fields.location = SearchMessages.locationTooLong;
  const domain = scalars.get('domain')?.trim() || undefined;
  if (domain && domain.length > 253) fields.domain = SearchMessages.domainTooLong;

  let start = 0;
  const startText = scalars.get('start')?.trim() ?? '';
  if (startText !== '') {
    start = /^\d{1,6}$/.test(startText) ? Number(startText) : Number.NaN;
    if (!(start <= SEARCH_MAX_START)) fields.start = SearchMessages.start;
  }

  let sortBy: SortBy = DEFAULT_SORT;
  const sortText = scalars.get('sort_by')?.trim() ?? '';
  if (sortText !== '') {
    const parsed = SortBySchema.safeParse(sortText.toLowerCase());
    if (parsed.success) sortBy = parsed.data;
    else fields.sort_by = SearchMessages.sortBy;
  }

  const kind = locationKind(location);
  const latlongText = scalars.get('latlong')?.trim() ?? '';
  const latlong = latlongText === '' ? null : parseLatLng(latlongText);
  if (latlongText !== '' && latlong === null) fields.latlong = SearchMessages.latlong;
  else if (latlong === null && needsLatLong(kind)) fields.latlong = SearchMessages.latlongRequired;
  const boundsText = scalars.get('bounds')?.trim() ?? '';
  const bounds = boundsText === '' ? null : parseBounds(boundsText);
  if (boundsText !== '' && bounds === null) fields.bounds = SearchMessages.bounds;
  else if (bounds === null && kind === 'map_area') fields.bounds = SearchMessages.boundsRequired;

  const merged = new Map<string, string[]>();
  for (const [name, values] of filterEntries) {
    const list = merged.get(name) ?? [];
    for (const value of values.flatMap((joined) => joined.split(','))) {
      const trimmed = value.trim();
      if (trimmed === '') continue;
      if (trimmed.length > SEARCH_FILTER_VALUE_MAX_LENGTH) fields[`filter_${name}`] = SearchMessages.valueTooLong;
      else if (!list.includes(trimmed)) list.push(trimmed);
    }
    if (list.length > SEARCH_MAX_FILTER_VALUES) fields[`filter_${name}`] = SearchMessages.tooManyValues;
    if (list.length > 0) merged.set(name, list);
  }
  if (merged.size > SEARCH_MAX_FILTERS) fields.filters = SearchMessages.tooManyFilters;

  let distanceMiles: number | null = null;
  const distance = merged.get(DISTANCE_FILTER);
  if (distance) {
    distanceMiles = distance.length === 1 ? parseDistanceMiles(distance[0]) : null;
    if (distanceMiles === null) fields[`filter_${DISTANCE_FILTER}`] = SearchMessages.distance;
  }

  if (Object.keys(fields).length > 0) {
    const first = Object.values(fields)[0] ?? SearchMessages.invalid;
    return { ok: false, message: first, fields };
  }
  return {
    ok: true,
    value: {
      domain,
      query,
      location,
      locationKind: kind,
      start,
      sortBy,
      // Object.fromEntries defines own properties, so a key can never reach a prototype.
      filters: Object.fromEntries(merged),
      distanceMiles,
      latlong,
      bounds,
      debug: ['1', 'true'].includes((scalars.get('debug') ?? '').trim().toLowerCase()),
      ignoredFilters,
    },
  };
}

/** The same parse as a zod schema, for routes that validate with zod; issues carry the field as path. */
export const SearchQuerySchema = z.unknown().transform((raw, ctx): SearchQuery => {
  const result = parseSearchQuery(raw);
  if (result.ok) return result.value;
  for (const [field, message] of Object.entries(result.fields)) {
    ctx.addIssue({ code: 'custom', message, path: [field] });
  }
  return z.NEVER;
});

/** Filter keys a tenant's search accepts: its configured filters (spec §3 searchConfig) plus distance. */
export function searchableFilterKeys(searchConfig: { smartFilters: readonly string[]; allFilters: readonly string[] }): Set<string> {
  return new Set([...searchConfig.smartFilters, ...searchConfig.allFilters, DISTANCE_FILTER]);
}

/**
 * Split parsed filters into the ones the tenant knows (they filter, and are echoed as appliedFilters)
 * and the unknown ones (ignored, named in resultsMetaData.ignoredFilters as `filter_<key>`).
 */
export function resolveAppliedFilters(
  filters: Readonly<Record<string, readonly string[]>>,
  allowedKeys: ReadonlySet<string>,
): { applied: Record<string, string[]>; ignored: string[] } {
  const applied: [string, string[]][] = [];
  const ignored: string[] = [];
  for (const [key, values] of Object.entries(filters)) {
    if (allowedKeys.has(key) && !(MAP_MARKER_FILTERS as readonly string[]).includes(key)) applied.push([key, [...values]]);
    else ignored.push(`${FILTER_PARAM_PREFIX}${key}`);
  }
  return { applied: Object.fromEntries(applied), ignored };
}

// ---- Response (spec §3 "Search response") ----

export const FilterOptionSchema = z.object({
  label: z.string(),
  value: z.string(),
  /** Positions in the current result set with this value (for markers: the marker's count). */
  count: z.number().int().nonnegative(),
});
export type FilterOption = z.infer<typeof FilterOptionSchema>;

export const FilterDefEntrySchema = z.object({
  filterName: z.string(),
  /** searchOptionsMap[filterName].displayName, else the key itself. */
  displayName: z.string(),
  options: z.array(FilterOptionSchema),
});
export type FilterDefEntry = z.infer<typeof FilterDefEntrySchema>;

export const FilterDefSchema = z.object({ allFilters: z.array(FilterDefEntrySchema) });
export type FilterDef = z.infer<typeof FilterDefSchema>;

export const SavedSearchMetadataSchema = z.object({
  /** spec §6: saved-search notifications need candidate login plus the configuration flag. */
  isEnabled: z.boolean(),
  /** The signed-in candidate already saved this exact search. */
  isSaved: z.boolean(),
  /** Issue 12: the saved search's id when isSaved (so the page can rename or delete it). */
  savedSearchId: z.string().optional(),
});
export type SavedSearchMetadata = z.infer<typeof SavedSearchMetadataSchema>;

export const ResultsMetaDataSchema = z.object({
  start: z.number().int().nonnegative(),
  num: z.number().int().positive(),
  hasMore: z.boolean(),
  locationKind: z.enum(['none', 'text', 'remote', 'current_location', 'map_location', 'map_area']),
  /** Typo tolerance at work: query words that matched nothing as typed, and the words searched instead. */
  corrections: z.array(z.object({ term: z.string(), variants: z.array(z.string()) })),
  ignoredFilters: z.array(z.string()),
});
export type ResultsMetaData = z.infer<typeof ResultsMetaDataSchema>;

/** Characters of a description a search result carries (SearchPosition.summary), the ellipsis included. */
export const SEARCH_SUMMARY_MAX_LENGTH = 200;

/**
 * A search result: spec §3 "Position: id, archived_at, positionUserActions.isSaved, location; other
 * fields not shown". The list card shows no description and the job page reads the whole one from
 * position_details, so a result carries a one-line plain-text summary of it (position-description.ts
 * descriptionSummary) instead: descriptions were half of every answer's bytes (P3).
 */
export const SearchPositionSchema = /* @__PURE__ */ PositionSchema.omit({ description: true }).extend({
  summary: z.string().max(SEARCH_SUMMARY_MAX_LENGTH),
});
export type SearchPosition = z.infer<typeof SearchPositionSchema>;

export const SearchResponseSchema = z.object({
  /** Total matches, not just this page (T25: count = total). */
  count: z.number().int().nonnegative(),
  positions: z.array(SearchPositionSchema).max(SEARCH_PAGE_SIZE),
  filterDef: FilterDefSchema,
  sortBy: SortBySchema,
  appliedFilters: z.record(z.string(), z.array(z.string())),
  savedSearchMetadata: SavedSearchMetadataSchema,
  resultsMetaData: ResultsMetaDataSchema,
  /** Only when `debug` is set and the server allows it (T23): timings, the engine query, plan notes. */
  debugData: z.record(z.string(), z.unknown()).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
