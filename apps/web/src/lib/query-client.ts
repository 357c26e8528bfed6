import type { PreloadedQuery } from '@careers/contracts';
import { QueryClient } from '@tanstack/react-query';

/** spec §9 "Cache times used". */
export const CACHE_TIME = {
  tenSeconds: 10_000,
  thirtySeconds: 30_000,
  twoMinutes: 2 * 60_000,
  fiveMinutes: 5 * 60_000,
  tenMinutes: 10 * 60_000,
  oneHour: 60 * 60_000,
  twelveHours: 12 * 60 * 60_000,
  oneDay: 24 * 60 * 60_000,
} as const;

/**
 * One client per page load. Failures are shown where they happen (StateView, in-place form errors), so
 * nothing retries behind the user's back (spec §7: "no retry, refetch on focus").
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true, staleTime: 0, gcTime: CACHE_TIME.fiveMinutes },
      mutations: { retry: false },
    },
  });
}

/**
 * How long a query the server answers in its page (the dashboard's, the profile's) stays fresh: long enough that the
 * first screen does not ask again for what its page carried, short enough that a change made elsewhere shows soon.
 */
export const PAGE_ANSWER_FRESH_MS = CACHE_TIME.tenSeconds;

/**
 * Puts the answers the server inlined into the HTML (boot data `preloadedQueries`) into the cache before
 * the first render, so the page's first queries find fresh data and paint without an API round trip. They
 * count as fetched now: the HTML was rendered for this request and is never cached.
 */
export function seedPreloadedQueries(client: QueryClient, preloaded: readonly PreloadedQuery[] | undefined): void {
  const updatedAt = Date.now();
  for (const { key, data } of preloaded ?? []) {
    if (data !== undefined) client.setQueryData(key, data, { updatedAt });
  }
}
