import { DashboardEventsResponseSchema, type DashboardEvents } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

/** GET /api/pcsx/dashboard/events (spec §7): events the candidate registered for, and open ones. */
export async function fetchEvents(signal?: AbortSignal): Promise<DashboardEvents> {
  return (await fetchDashboardData('/api/pcsx/dashboard/events', DashboardEventsResponseSchema, signal)).data;
}

export const eventsQueryOptions = () => queryOptions({ queryKey: dashboardQueryKeys.events(), queryFn: ({ signal }) => fetchEvents(signal), retry: false });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}
