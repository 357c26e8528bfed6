import type { DashboardEvents } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazySchema } from '../../../lib/lazy-schema';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const dashboardEventsAnswer = lazySchema(() => import('./schemas'), 'DashboardEventsResponseSchema');

/** GET /api/pcsx/dashboard/events (spec §7): events the candidate registered for, and open ones. */
export async function fetchEvents(signal?: AbortSignal): Promise<DashboardEvents> {
  return (await fetchDashboardData('/api/pcsx/dashboard/events', dashboardEventsAnswer, signal)).data;
}

export const eventsQueryOptions = () => queryOptions({ queryKey: dashboardQueryKeys.events(), queryFn: ({ signal }) => fetchEvents(signal), retry: false });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}
