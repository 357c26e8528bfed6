import type { MatchDetailsResponse, ProfileEditBody } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';

const matchDetailsAnswer = lazySchema(() => import('./schemas'), 'MatchDetailsResponseSchema');

/** GET /api/pcsx/match_details (spec §7): how the signed-in candidate's profile matches the position. */
export function fetchMatchDetails(pid: string, signal?: AbortSignal): Promise<MatchDetailsResponse> {
  return http.get('/api/pcsx/match_details', { query: { position_id: pid }, signal }, matchDetailsAnswer);
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

/**
 * "How you match" → add a missing skill in one step (issue 11): profile_edit skills add, then every match (the
 * score depends on the profile) and the cached profile are fetched again.
 */
export function useAddSkillToProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skill: string) => http.post('/api/pcsx/profile_edit', { op_section: 'skills', operation: 'add', op_data: { value: skill } } satisfies ProfileEditBody),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['match-details'] }), queryClient.invalidateQueries({ queryKey: ['profile'] })]);
    },
  });
}
