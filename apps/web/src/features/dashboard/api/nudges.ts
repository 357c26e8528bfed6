import { DashboardMessages, type NudgesResponse } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const nudgesAnswer = lazySchema(() => import('./schemas'), 'NudgesResponseSchema');

/** GET /api/pcsx/dashboard/nudges (spec §7): the candidate's next steps. */
export function fetchNudges(signal?: AbortSignal): Promise<NudgesResponse> {
  return fetchDashboardData('/api/pcsx/dashboard/nudges', nudgesAnswer, signal, DashboardMessages.nudgesFailed);
}

/** Fresh for 10 s: the server answers it in the dashboard's page, and the first screen does not ask again. */
export const nudgesQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.nudges(), queryFn: ({ signal }) => fetchNudges(signal), retry: false, staleTime: CACHE_TIME.tenSeconds });

export function useNudges() {
  return useQuery(nudgesQueryOptions());
}
