/**
 * The TanStack Query keys of the queries the server may answer in the HTML (boot.ts preloadedQueries). The
 * web's hooks build their keys with these same functions, so a preloaded answer lands exactly where the
 * page looks for it. Apart from boot.ts and free of zod: the web's first bundle imports these, not schemas.
 */
export const bootQueryKeys = {
  /** GET /api/pcsx/search; `cacheKey` is resultsCacheKey(…) of the request (spec §4 "Results are cached…"). */
  search: (cacheKey: string) => ['search', cacheKey] as const,
  /** GET /api/pcsx/position_details; null when no location was queried. */
  positionDetails: (pid: string, queriedLocation: string | null) => ['position-details', pid, queriedLocation] as const,
  /** GET /api/offer/offers: the signed-in candidate's own offers. */
  offersList: () => ['offers', 'list'] as const,
  /** GET /api/pcsx/job_cart: the signed-in candidate's cart; the query holds the body's `data` (a JobCart). */
  jobCart: () => ['job-cart'] as const,
  /** GET /api/pcsx/dashboard/nudges: the whole body ({ nudges }). */
  dashboardNudges: () => ['dashboard', 'nudges'] as const,
  /** GET /api/pcsx/dashboard/applications: the body's `data` ({ applications, inactiveApplications }). */
  dashboardApplications: () => ['dashboard', 'applications'] as const,
  /** GET /api/pcsx/profile_details: the body's `data` (the profile). */
  profileDetails: () => ['profile', 'details'] as const,
  /** GET /api/pcsx/profile_analysis: the body's `data`. */
  profileAnalysis: () => ['profile', 'analysis'] as const,
  /** GET /api/pcsx/resume: the body's `data` (the current resume, or null). */
  currentResume: () => ['resume', 'current'] as const,
};
