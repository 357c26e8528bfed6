import type { RevokeOtherSessionsResponse, SessionListResponse } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';

const revokeOtherSessionsAnswer = lazySchema(() => import('./schemas'), 'RevokeOtherSessionsResponseSchema');
const sessionListAnswer = lazySchema(() => import('./schemas'), 'SessionListResponseSchema');

export function fetchSessions(): Promise<SessionListResponse> {
  return http.get('/api/auth/sessions', {}, sessionListAnswer);
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['auth', 'sessions'], queryFn: fetchSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function revokeOtherSessions(): Promise<RevokeOtherSessionsResponse> {
  return http.post('/api/auth/sessions/revoke_others', {}, {}, revokeOtherSessionsAnswer);
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
