import {
  DISTANCE_FILTER,
  resolveAppliedFilters,
  resolveFilterKey,
  resolveFilterValue,
  searchableFilterKeys,
  type LatLng,
  type PcsxConfig,
  type SearchQuery,
} from '@careers/contracts';
import { isFacetKey } from './facets';
import { boxFromBounds } from './geo';
import { cityCentre, placesInBounds, placesMatchingText, placesWithinRadius } from './place-match';
import type { EvaluationPlan, FilterPlan, ResultOrder } from './search-engine';
import type { FacetColumn, SearchIndex } from './search-index';

/**
 * From a parsed query (contracts parseSearchQuery) and the tenant's config to what the engine runs.
 * Pure, so the rules are tested without a database.
 */

/** "current location" without a radius: near enough to commute (spec silent; ours). */
export const DEFAULT_CURRENT_LOCATION_MILES = 50;

/** The tenant's filter keys in page order: allFilters, then smart filters not listed there. */
export function configuredFilterKeys(config: PcsxConfig): string[] {
  const { smartFilters, allFilters } = config.searchConfig;
  return [...new Set([...allFilters, ...smartFilters])];
}

export interface ResolvedFilters {
  /** Filters that filter, by real key, with values mapped from labels to values (spec §2 aliases). */
  applied: Record<string, string[]>;
  /** `filter_<name>` of every filter param that does nothing: unknown to the tenant or to search. */
  ignored: string[];
}

export function resolveFilters(filters: Readonly<Record<string, readonly string[]>>, config: PcsxConfig): ResolvedFilters {
  const keys = configuredFilterKeys(config);
  const merged = new Map<string, string[]>();
  for (const [name, values] of Object.entries(filters)) {
    const key = resolveFilterKey(name, config.searchOptionsMap, keys) ?? name;
    const list = merged.get(key) ?? [];
    for (const value of values) {
      const resolved = resolveFilterValue(key, value, config.searchOptionsMap);
      if (!list.includes(resolved)) list.push(resolved);
    }
    merged.set(key, list);
  }
  const { applied, ignored } = resolveAppliedFilters(Object.fromEntries(merged), searchableFilterKeys(config.searchConfig));
  const usable: [string, string[]][] = [];
  for (const [key, values] of Object.entries(applied)) {
    if (key === DISTANCE_FILTER || isFacetKey(key)) usable.push([key, values]);
    else ignored.push(`filter_${key}`);
  }
  return { applied: Object.fromEntries(usable), ignored };
}

export interface LocationPlan {
  placeMask: Uint8Array | null;
  remoteOnly: boolean;
  /** The point results are measured from (radius searches), for the relevance order without text. */
  centre: LatLng | null;
}

export function planLocation(index: SearchIndex, query: SearchQuery): LocationPlan {
  switch (query.locationKind) {
    case 'none':
      return { placeMask: null, remoteOnly: false, centre: null };
    case 'remote':
      return { placeMask: null, remoteOnly: true, centre: null };
    case 'text': {
      const matches = placesMatchingText(index.places, query.location);
      // A radius applies around a typed city (contracts SearchQuery.distanceMiles); a region or a
      // country has no single centre, so there the typed place alone decides.
      const centre = query.distanceMiles === null ? null : cityCentre(index.places, query.location, matches);
      if (centre && query.distanceMiles !== null) {
        return { placeMask: placesWithinRadius(index, centre, query.distanceMiles), remoteOnly: false, centre };
      }
      return { placeMask: matches, remoteOnly: false, centre: null };
    }
    case 'current_location':
    case 'map_location': {
      // The parser refuses these kinds without latlong; an empty mask is the safe answer regardless.
      if (!query.latlong) return { placeMask: new Uint8Array(index.places.length), remoteOnly: false, centre: null };
      // spec §4: Map Location searches at the point (distance 0).
      const radius = query.distanceMiles ?? (query.locationKind === 'map_location' ? 0 : DEFAULT_CURRENT_LOCATION_MILES);
      return { placeMask: placesWithinRadius(index, query.latlong, radius), remoteOnly: false, centre: query.latlong };
    }
    case 'map_area':
      if (!query.bounds) return { placeMask: new Uint8Array(index.places.length), remoteOnly: false, centre: null };
      return { placeMask: placesInBounds(index, boxFromBounds(query.bounds)), remoteOnly: false, centre: null };
  }
}

export function planFilters(index: SearchIndex, applied: Readonly<Record<string, readonly string[]>>): FilterPlan[] {
  const plans: FilterPlan[] = [];
  for (const [key, values] of Object.entries(applied)) {
    const column = index.facets.get(key);
    if (!column) continue;
    const allowed = new Uint8Array(column.values.length);
    for (const value of values) {
      const id = column.lookup.get(value.toLowerCase());
      if (id !== undefined) allowed[id] = 1;
    }
    plans.push({ column, allowed });
  }
  return plans;
}

/**
 * contracts SortBy: relevance is the text rank when there is free text, otherwise the distance to a
 * point, otherwise the newest first; newest is always by posting date.
 */
export function resultOrder(query: SearchQuery, hasText: boolean, centre: LatLng | null): ResultOrder {
  if (query.sortBy === 'newest') return 'newest';
  if (hasText) return 'rank';
  return centre ? 'distance' : 'newest';
}

export interface PlanInput {
  index: SearchIndex;
  query: SearchQuery;
  applied: Readonly<Record<string, readonly string[]>>;
  /** Free-text matches, newest first (text-matches.ts); null without free text. */
  text: Int32Array | null;
  facetKeys: readonly string[];
  markers: boolean;
  pageSize: number;
}

export function buildEvaluationPlan({ index, query, applied, text, facetKeys, markers, pageSize }: PlanInput): EvaluationPlan {
  const location = planLocation(index, query);
  const facetColumns = facetKeys.map((key) => index.facets.get(key)).filter((column): column is FacetColumn => column !== undefined);
  return {
    text,
    placeMask: location.placeMask,
    remoteOnly: location.remoteOnly,
    filters: planFilters(index, applied),
    facetColumns,
    order: resultOrder(query, text !== null, location.centre),
    distanceFrom: location.centre,
    start: query.start,
    pageSize,
    markers,
  };
}
