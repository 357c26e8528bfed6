import type { SavedPositionsResponse } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';

const savedPositionsAnswer = lazySchema(() => import('./schemas'), 'SavedPositionsResponseSchema');

export const savedPositionsQueryKey = ['saved-positions'] as const;

/** GET /api/pcsx/positions/saved (spec §7): the candidate's saved jobs, newest save first, archived ones included. */
export function fetchSavedPositions(signal?: AbortSignal): Promise<SavedPositionsResponse> {
  return http.get('/api/pcsx/positions/saved', { signal }, savedPositionsAnswer);
}

export const savedPositionsQueryOptions = () =>
  queryOptions({ queryKey: savedPositionsQueryKey, queryFn: ({ signal }) => fetchSavedPositions(signal) });

export function useSavedPositions() {
  return useQuery(savedPositionsQueryOptions());
}
