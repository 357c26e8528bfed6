import { descriptionSummary, SEARCH_SUMMARY_MAX_LENGTH, type FilterDefEntry, type Position, type SearchPosition, type SearchResponse } from '@careers/contracts';

export { position } from '../../../test/positions';

export const DEPARTMENT_FACET: FilterDefEntry = {
  filterName: 'department',
  displayName: 'Department',
  options: [
    { label: 'Engineering', value: 'Engineering', count: 12 },
    { label: 'Manufacturing', value: 'Manufacturing', count: 5 },
  ],
};

export const EMPLOYMENT_FACET: FilterDefEntry = {
  filterName: 'employment_type',
  displayName: 'Employment type',
  options: [
    { label: 'Full time', value: 'FULL_TIME', count: 15 },
    { label: 'Contract', value: 'CONTRACT', count: 2 },
  ],
};

export const MARKER_FACETS: FilterDefEntry[] = [
  {
    filterName: 'latlong_non_remote',
    displayName: 'latlong_non_remote',
    options: [
      { label: '12', value: 'London, GB@51.5072,-0.1276', count: 12 },
      { label: '1', value: 'Boston, MA, US@42.3601,-71.0589', count: 1 },
    ],
  },
  { filterName: 'latlong_remote', displayName: 'latlong_remote', options: [{ label: '4', value: 'Remote@0,0', count: 4 }] },
];

/** A position as a search result (contracts SearchPosition): a summary instead of its description, as the server sends it. */
export function searchResult(position: Position | SearchPosition): SearchPosition {
  if (!('description' in position)) return position;
  const { description, ...rest } = position;
  return { ...rest, summary: descriptionSummary(description, SEARCH_SUMMARY_MAX_LENGTH) };
}

/** A search answer (contracts search.ts) for the given page of positions. */
export function searchResponse(positions: readonly (Position | SearchPosition)[], overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    count: positions.length,
    positions: positions.map(searchResult),
    filterDef: { allFilters: [DEPARTMENT_FACET, EMPLOYMENT_FACET, ...MARKER_FACETS] },
    sortBy: 'relevance',
    appliedFilters: {},
    savedSearchMetadata: { isEnabled: false, isSaved: false },
    resultsMetaData: { start: 0, num: 10, hasMore: false, locationKind: 'none', corrections: [], ignoredFilters: [] },
    ...overrides,
  };
}
