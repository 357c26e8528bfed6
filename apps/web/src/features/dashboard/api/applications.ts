import type { ApplicationSummary, DashboardApplicationsResponseSchema } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { PAGE_ANSWER_FRESH_MS } from '../../../lib/query-client';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const applicationsAnswer = lazySchema(() => import('./schemas'), 'DashboardApplicationsResponseSchema');
const withdrawAnswer = lazySchema(() => import('./schemas'), 'WithdrawResponseSchema');

export type DashboardApplications = z.infer<typeof DashboardApplicationsResponseSchema>['data'];

/** GET /api/pcsx/dashboard/applications (spec §3 applications and inactiveApplications). */
export async function fetchApplications(signal?: AbortSignal): Promise<DashboardApplications> {
  return (await fetchDashboardData('/api/pcsx/dashboard/applications', applicationsAnswer, signal)).data;
}

/** Answered in the page by the server (dashboard.preload.ts), so fresh for PAGE_ANSWER_FRESH_MS. */
export const applicationsQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.applications(), queryFn: ({ signal }) => fetchApplications(signal), retry: false, staleTime: PAGE_ANSWER_FRESH_MS });

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}

/** POST /api/pcsx/applications/:id/withdraw {reason}: the application as it stands afterwards. */
export async function withdrawApplication(applicationId: string, reason: string): Promise<ApplicationSummary> {
  const path = `/api/pcsx/applications/${encodeURIComponent(applicationId)}/withdraw`;
  return (await http.post(path, reason.trim() ? { reason: reason.trim() } : {}, undefined, withdrawAnswer)).data;
}

/** Withdrawing moves the application to the past list and may end a nudge (an open form, a strong match). */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, reason }: { applicationId: string; reason: string }) => withdrawApplication(applicationId, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.all }),
  });
}
