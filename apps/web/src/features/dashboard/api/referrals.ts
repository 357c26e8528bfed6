import type { CandidateReferral } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazySchema } from '../../../lib/lazy-schema';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const dashboardReferralsAnswer = lazySchema(() => import('./schemas'), 'DashboardReferralsResponseSchema');

/** GET /api/pcsx/dashboard/referrals (spec §7; behind gates.referralWithCandidateApplicationGate). */
export async function fetchReferrals(signal?: AbortSignal): Promise<CandidateReferral[]> {
  return (await fetchDashboardData('/api/pcsx/dashboard/referrals', dashboardReferralsAnswer, signal)).data.referrals;
}

export const referralsQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKeys.referrals(), queryFn: ({ signal }) => fetchReferrals(signal), retry: false });

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}
