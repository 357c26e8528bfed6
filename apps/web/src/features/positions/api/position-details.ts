import { bootQueryKeys, type PositionDetailsResponse } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';

const positionDetailsAnswer = lazySchema(() => import('./schemas'), 'PositionDetailsResponseSchema');

/** GET /api/pcsx/position_details (spec §7): position_id, optional queried_location; non-200 is a failure (§8). */
export function fetchPositionDetails(pid: string, queriedLocation: string | undefined, signal?: AbortSignal): Promise<PositionDetailsResponse> {
  return http.get(
    '/api/pcsx/position_details',
    { query: { position_id: pid, queried_location: queriedLocation || undefined }, signal },
    positionDetailsAnswer,
  );
}

/** Every cached details answer of one position, whatever location was queried. */
export const positionDetailsKeyPrefix = (pid: string) => ['position-details', pid] as const;

export const positionDetailsQueryOptions = (pid: string, queriedLocation?: string) =>
  queryOptions({
    // The job page's key is also the one the server preloads its answer under (position-details.preload.ts).
    queryKey: bootQueryKeys.positionDetails(pid, queriedLocation || null),
    queryFn: ({ signal }) => fetchPositionDetails(pid, queriedLocation, signal),
    staleTime: CACHE_TIME.twoMinutes,
  });

export function usePositionDetails(pid: string, queriedLocation?: string) {
  return useQuery(positionDetailsQueryOptions(pid, queriedLocation));
}
