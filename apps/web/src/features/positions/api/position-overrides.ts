import type { OverridesResponse, PositionOverrides } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBootData } from '../../../lib/boot-data';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';

const overridesAnswer = lazySchema(() => import('./schemas'), 'OverridesResponseSchema');

/**
 * GET /api/pcsx/overrides (spec §7: position_id, and domain, which the http client adds for a non-default
 * tenant): the tenant's settings for this one position (contracts position-overrides.ts). Non-200 is a
 * failure (spec §8).
 */
export function fetchPositionOverrides(pid: string, signal?: AbortSignal): Promise<OverridesResponse> {
  return http.get('/api/pcsx/overrides', { query: { position_id: pid }, signal }, overridesAnswer);
}

export const positionOverridesQueryOptions = (pid: string) =>
  queryOptions({
    queryKey: ['position-overrides', pid] as const,
    queryFn: ({ signal }) => fetchPositionOverrides(pid, signal),
    // Tenant configuration: it changes rarely, and a stale copy only shows or hides a side panel.
    staleTime: CACHE_TIME.tenMinutes,
  });

/** Which side panels a position's page shows (spec §3 Config positionDetailsConfig). */
export interface PositionDetailsSettings {
  showInsights: boolean;
  showMatchDetails: boolean;
}

/** The tenant's defaults with one position's overrides applied, key by key (the server decides the same way). */
export function positionDetailsSettings(defaults: PositionDetailsSettings, overrides: PositionOverrides | undefined): PositionDetailsSettings {
  const own = overrides?.positionDetailsConfig ?? {};
  return {
    showInsights: own.showInsights ?? defaults.showInsights,
    showMatchDetails: own.showMatchDetails ?? defaults.showMatchDetails,
  };
}

/**
 * The position's settings once its overrides have answered, or null while they load (the details load
 * meanwhile; only insights and match wait, so a position that turns them off never asks for them). A failed
 * overrides call never blocks the page: the tenant's defaults stand.
 */
export function usePositionDetailsSettings(pid: string): PositionDetailsSettings | null {
  const defaults = useBootData().tenant.config.pcsxConfig.positionDetailsConfig;
  const overrides = useQuery(positionOverridesQueryOptions(pid));
  if (overrides.isPending) return null;
  return positionDetailsSettings(defaults, overrides.data?.data);
}
