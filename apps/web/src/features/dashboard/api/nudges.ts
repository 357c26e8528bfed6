import { DashboardMessages, type NudgesResponse } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazySchema } from '../../../lib/lazy-schema';
import { PAGE_ANSWER_FRESH_MS } from '../../../lib/query-client';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const nudgesAnswer = lazySchema(() => import('./schemas'), 'NudgesResponseSchema');

/** GET /api/pcsx/dashboard/nudges (spec §7): the candidate's next steps. */
export function fetchNudges(signal?: AbortSignal): Promise<NudgesResponse> {
  return fetchDashboardData('/api/pcsx/dashboard/nudges', nudgesAnswer, signal, DashboardMessages.nudgesFailed);
}

/** Answered in the page by the server (dashboard.preload.ts), so fresh for PAGE_ANSWER_FRESH_MS. */
export const nudgesQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.nudges(), queryFn: ({ signal }) => fetchNudges(signal), retry: false, staleTime: PAGE_ANSWER_FRESH_MS });

export function useNudges() {
  return useQuery(nudgesQueryOptions());
}
