import type { PositionInsights } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';

const positionInsightsAnswer = lazySchema(() => import('./schemas'), 'PositionInsightsSchema');

/** GET /api/pcsx/position_insights (spec §7); non-200 is a failure (spec §8). */
export function fetchPositionInsights(pid: string, signal?: AbortSignal): Promise<PositionInsights> {
  return http.get('/api/pcsx/position_insights', { query: { position_id: pid }, signal }, positionInsightsAnswer);
}

export const positionInsightsQueryOptions = (pid: string) =>
  queryOptions({
    queryKey: ['position-insights', pid] as const,
    queryFn: ({ signal }) => fetchPositionInsights(pid, signal),
    staleTime: CACHE_TIME.tenMinutes,
  });

export function usePositionInsights(pid: string, isEnabled: boolean) {
  return useQuery({ ...positionInsightsQueryOptions(pid), enabled: isEnabled });
}
