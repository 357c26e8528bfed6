import { MatchDetailsResponseSchema, type MatchDetailsResponse } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CACHE_TIME } from '../../../lib/query-client';

/** GET /api/pcsx/match_details (spec §7): how the signed-in candidate's profile matches the position. */
export function fetchMatchDetails(pid: string, signal?: AbortSignal): Promise<MatchDetailsResponse> {
  return http.get('/api/pcsx/match_details', { query: { position_id: pid }, signal }, MatchDetailsResponseSchema);
}

export const matchDetailsQueryOptions = (pid: string) =>
  queryOptions({
    queryKey: ['match-details', pid] as const,
    queryFn: ({ signal }) => fetchMatchDetails(pid, signal),
    staleTime: CACHE_TIME.fiveMinutes,
  });

export function useMatchDetails(pid: string, isEnabled: boolean) {
  return useQuery({ ...matchDetailsQueryOptions(pid), enabled: isEnabled });
}
