import type { SavedSearch, SavedSearchesResponse, SavedSearchResponse } from '@careers/contracts';
import { bootQueryKeys } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * /api/pcsx/saved_searches (issue 12). Typed by the contract but not parsed with zod: the save control sits on
 * the search page, the first route, and zod stays out of its bundle (P5). The server is the only producer.
 */
const PATH = '/api/pcsx/saved_searches';
export const savedSearchesQueryKey = ['saved-searches'] as const;
/** Every cached search answer: their savedSearchMetadata changes when a search is saved or deleted. */
const searchAnswersKey = [bootQueryKeys.search('')[0]] as const;

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: savedSearchesQueryKey, queryFn: ({ signal }) => http.get<SavedSearchesResponse>(PATH, { signal }) });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }), queryClient.invalidateQueries({ queryKey: searchAnswersKey })]);
}

/** Saves a search given as the search call's query string; alerts on unless said otherwise. */
export function useCreateSavedSearch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { search: string; name?: string; alertsEnabled?: boolean }) => http.post<SavedSearchResponse>(PATH, input).then((body) => body.data),
    onSettled: invalidate,
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; alertsEnabled?: boolean }) =>
      http.post<SavedSearchResponse>(`${PATH}/${encodeURIComponent(id)}`, changes).then((body) => body.data),
    // Optimistic: the switch moves at once and moves back if the call fails.
    onMutate: async ({ id, ...changes }) => {
      await queryClient.cancelQueries({ queryKey: savedSearchesQueryKey });
      const previous = queryClient.getQueryData<SavedSearchesResponse>(savedSearchesQueryKey);
      if (previous) {
        queryClient.setQueryData<SavedSearchesResponse>(savedSearchesQueryKey, {
          ...previous,
          data: previous.data.map((search): SavedSearch => (search.id === id ? { ...search, ...changes } : search)),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(savedSearchesQueryKey, context.previous);
    },
    onSettled: invalidate,
  });
}

export function useDeleteSavedSearch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => http.delete<{ data: { id: string } }>(`${PATH}/${encodeURIComponent(id)}`, {}),
    onSettled: invalidate,
  });
}
