import {
  filterDisplayName,
  formatMarkerValue,
  optionLabel,
  SEARCH_PAGE_SIZE,
  type FilterDefEntry,
  type FilterOption,
  type MapMarkerFilter,
  type PcsxConfig,
  type SearchPosition,
  type SearchQuery,
  type SearchResponse,
} from '@careers/contracts';
import { CompressibleJson } from '../../http/compressible-json';
import { MAX_FACET_OPTIONS, MAX_MARKERS } from '../../search-engine/facets';
import type { Evaluation, MarkerCount } from '../../search-engine/search-engine';
import type { SearchIndex } from '../../search-engine/search-index';

export interface Correction {
  term: string;
  variants: string[];
}

export interface SearchAnswerInput {
  index: SearchIndex;
  config: PcsxConfig;
  query: SearchQuery;
  evaluation: Evaluation;
  positions: SearchPosition[];
  applied: Record<string, string[]>;
  ignoredFilters: string[];
  corrections: Correction[];
  facetKeys: readonly string[];
}

const byCountThenLabel = (a: FilterOption, b: FilterOption): number =>
  b.count - a.count || a.label.localeCompare(b.label, 'en') || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * spec §3 "filterDef.allFilters is a list of {filterName, options[{label, value}]}": every configured
 * filter with the options present in the results, most common first; a selected option is always
 * listed (with count 0 when nothing has it) so the page can show and clear it. Labels come from
 * searchOptionsMap labelMap (value → label).
 */
function facetEntries({ index, config, evaluation, applied, facetKeys }: SearchAnswerInput): FilterDefEntry[] {
  const entries: FilterDefEntry[] = [];
  for (const key of facetKeys) {
    const column = index.facets.get(key);
    const counts = evaluation.facetCounts.get(key);
    if (!column || !counts) continue;
    const selected = new Set((applied[key] ?? []).map((value) => value.toLowerCase()));
    const options: FilterOption[] = [];
    const listed = new Set<string>();
    column.values.forEach((value, id) => {
      const count = counts[id] ?? 0;
      if (count === 0 && !selected.has(value.toLowerCase())) return;
      options.push({ label: optionLabel(key, value, config.searchOptionsMap), value, count });
      listed.add(value.toLowerCase());
    });
    // Selected values no position has (a stale link): listed so they can be cleared.
    for (const value of applied[key] ?? []) {
      if (!listed.has(value.toLowerCase())) {
        options.push({ label: optionLabel(key, value, config.searchOptionsMap), value, count: 0 });
        listed.add(value.toLowerCase());
      }
    }
    options.sort(byCountThenLabel);
    const shown = options.slice(0, MAX_FACET_OPTIONS);
    for (const option of options.slice(MAX_FACET_OPTIONS)) if (selected.has(option.value.toLowerCase())) shown.push(option);
    entries.push({ filterName: key, displayName: filterDisplayName(key, config.searchOptionsMap), options: shown });
  }
  return entries;
}

/** spec §3: "latlong_non_remote and latlong_remote supply map markers: label is the count, value holds latlong". */
function markerEntry(index: SearchIndex, filterName: MapMarkerFilter, markers: readonly MarkerCount[]): FilterDefEntry {
  const options = markers
    .filter((marker) => marker.isRemote === (filterName === 'latlong_remote'))
    .sort((a, b) => b.count - a.count || a.place - b.place)
    .slice(0, MAX_MARKERS)
    .flatMap((marker): FilterOption[] => {
      const place = index.places[marker.place];
      if (!place) return [];
      return [{ label: String(marker.count), value: formatMarkerValue(place.label, place), count: marker.count }];
    });
  return { filterName, displayName: filterName, options };
}

/** The anonymous answer (no candidate flags, no saved-search state): the part worth caching. */
export function presentSearchResponse(input: SearchAnswerInput): SearchResponse {
  const { index, config, query, evaluation } = input;
  const allFilters = facetEntries(input);
  if (config.searchConfig.mapConfig.enabled) {
    allFilters.push(markerEntry(index, 'latlong_non_remote', evaluation.markers), markerEntry(index, 'latlong_remote', evaluation.markers));
  }
  return {
    count: evaluation.count,
    positions: input.positions,
    filterDef: { allFilters },
    sortBy: query.sortBy,
    appliedFilters: input.applied,
    savedSearchMetadata: { isEnabled: false, isSaved: false },
    resultsMetaData: {
      start: query.start,
      num: SEARCH_PAGE_SIZE,
      hasMore: query.start + SEARCH_PAGE_SIZE < evaluation.count,
      locationKind: query.locationKind,
      corrections: input.corrections,
      ignoredFilters: input.ignoredFilters,
    },
  };
}

const bodies = new WeakMap<SearchResponse, CompressibleJson>();

/**
 * The search answer as the response body. A hot anonymous answer is one object while the service caches
 * it, so its JSON is written once (and gzipped once, when first asked for: P3, ~11 KB of JSON and ~2 KB
 * gzipped) and lives exactly as long as the cached answer; a personal answer is written once and dropped.
 */
export function searchBody(response: SearchResponse): CompressibleJson {
  let body = bodies.get(response);
  if (body === undefined) {
    body = new CompressibleJson(JSON.stringify(response));
    bodies.set(response, body);
  }
  return body;
}
