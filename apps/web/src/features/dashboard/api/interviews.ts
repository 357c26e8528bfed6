import type { DashboardInterviews } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazySchema } from '../../../lib/lazy-schema';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const dashboardInterviewsAnswer = lazySchema(() => import('./schemas'), 'DashboardInterviewsResponseSchema');

/** GET /api/pcsx/dashboard/interviews (spec §7): upcoming soonest first, past most recent first. */
export async function fetchInterviews(signal?: AbortSignal): Promise<DashboardInterviews> {
  return (await fetchDashboardData('/api/pcsx/dashboard/interviews', dashboardInterviewsAnswer, signal)).data;
}

export const interviewsQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.interviews(), queryFn: ({ signal }) => fetchInterviews(signal), retry: false });

export function useInterviews() {
  return useQuery(interviewsQueryOptions());
}
