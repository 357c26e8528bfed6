import type { PositionDetailsResponse } from '@careers/contracts';
import { useQueries } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CACHE_TIME } from '../../../lib/query-client';

/** The cart holds ids only (spec §3): the panel reads each job's name and place from position_details. */
export function fetchCartPosition(id: number, signal?: AbortSignal): Promise<PositionDetailsResponse> {
  return http.get<PositionDetailsResponse>('/api/pcsx/position_details', { query: { position_id: id }, signal });
}

export function useCartPositions(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['job-cart', 'position', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCartPosition(id, signal),
      staleTime: CACHE_TIME.tenMinutes,
    })),
  });
}
