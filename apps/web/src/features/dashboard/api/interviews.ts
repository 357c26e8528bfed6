import { DashboardInterviewsResponseSchema, type DashboardInterviews } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

/** GET /api/pcsx/dashboard/interviews (spec §7): upcoming soonest first, past most recent first. */
export async function fetchInterviews(signal?: AbortSignal): Promise<DashboardInterviews> {
  return (await fetchDashboardData('/api/pcsx/dashboard/interviews', DashboardInterviewsResponseSchema, signal)).data;
}

export const interviewsQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.interviews(), queryFn: ({ signal }) => fetchInterviews(signal), retry: false });

export function useInterviews() {
  return useQuery(interviewsQueryOptions());
}
