import {
  bootQueryKeys,
  resultsCacheKey,
  searchApiParams,
  type SearchResponse,
  type SearchState,
  type SortBy,
} from '@careers/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CACHE_TIME } from '../../../lib/query-client';

/** What one search asks the server: the committed state and the sort actually sent (spec §4 sortToSend). */
export type SearchRequest = Pick<SearchState, 'query' | 'location' | 'start' | 'filters' | 'latlong' | 'bounds'> & {
  sortBy: SortBy | undefined;
};

/**
 * GET /api/pcsx/search (spec §7). The answer is typed by the contract but not parsed with zod: the search
 * page is the first route and zod stays out of its bundle (P5). The server is the answer's only producer.
 */
export function fetchSearch(request: SearchRequest, signal?: AbortSignal): Promise<SearchResponse> {
  const query: Record<string, string[]> = {};
  searchApiParams(request, { sortBy: request.sortBy }).forEach((value, name) => {
    (query[name] ??= []).push(value);
  });
  return http.get<SearchResponse>('/api/pcsx/search', { query, signal });
}

/**
 * spec §4 "Results are cached by a key of filters, start, query and location" (plus sort and coordinates).
 * The server builds the same key for the first search it inlines into the HTML (search.preload.ts).
 */
export const searchQueryKey = (request: SearchRequest) =>
  bootQueryKeys.search(resultsCacheKey({ ...request, sortOption: request.sortBy ?? null }));

export const searchQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: searchQueryKey(request),
    queryFn: ({ signal }) => fetchSearch(request, signal),
    staleTime: CACHE_TIME.twoMinutes,
  });

/** The previous page stays on screen (dimmed) while the next loads, so the list does not jump. */
export function useSearchPositions(request: SearchRequest, isEnabled = true) {
  return useQuery({ ...searchQueryOptions(request), enabled: isEnabled, placeholderData: keepPreviousData });
}
