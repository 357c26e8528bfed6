import type { DraftApplication } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { fetchDashboardData } from './dashboard-fetch';
import { dashboardQueryKeys } from './dashboard-query-keys';

const draftApplicationsAnswer = lazySchema(() => import('./schemas'), 'DraftApplicationsResponseSchema');

/** GET /api/pcsx/draft_applications (spec §3 "Draft applications response: draft_applications"). */
export async function fetchDrafts(signal?: AbortSignal): Promise<DraftApplication[]> {
  return (await fetchDashboardData('/api/pcsx/draft_applications', draftApplicationsAnswer, signal)).draft_applications;
}

export const draftsQueryOptions = () => queryOptions({ queryKey: dashboardQueryKeys.drafts(), queryFn: ({ signal }) => fetchDrafts(signal), retry: false });

export function useDrafts() {
  return useQuery(draftsQueryOptions());
}

/** DELETE /api/pcsx/draft_applications {position_ids} (spec §7). */
export function deleteDrafts(positionIds: readonly number[]): Promise<unknown> {
  return http.delete('/api/pcsx/draft_applications', { position_ids: positionIds });
}
