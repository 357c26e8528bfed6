/**
 * The web app's route patterns (spec §2), in React Router syntax. Shared: the server reads them to tell a
 * search path (/careers/{query}/{location}) from an app screen when it answers a page's first queries.
 */

export const ROUTES = {
  home: '/careers',
  search: '/careers/search',
  searchByPath: '/careers/:query?/:location?',
  login: '/careers/login',
  /** Issue 12: where the password-reset email's link lands (?token=…). */
  resetPassword: '/careers/reset-password',
  logout: '/logout',
  settings: '/careers/settings',
  profile: '/careers/profile',
  dashboard: '/careers/dashboard',
  dashboardV2: '/careers/dashboardv2',
  exportResume: '/careers/export-resume',
  forms: '/careers/forms',
  formsCenter: '/careers/forms/center',
  applications: '/careers/applications',
  savedJobs: '/careers/saved-jobs',
  interviews: '/careers/interviews',
  onboarding: '/careers/onboarding',
  offers: '/careers/offers',
  offerIndex: '/careers/offer',
  offer: '/careers/offer/:id',
  offerLetter: '/careers/offer-letter/:id',
  offerDocument: '/careers/offer/:id/offer-document/:documentId',
  apply: '/careers/apply',
  applyPrivate: '/careers/apply/private',
  job: '/careers/job/:pid?',
  jobPrivate: '/careers/job/private',
} as const;

/**
 * First path segments under /careers that belong to app screens. `/careers/{query}` reads any other
 * segment as a search query, so one of these without a registered screen is a 404, not a search.
 */
export const RESERVED_CAREERS_SEGMENTS: ReadonlySet<string> = new Set(
  Object.values(ROUTES)
    .map((pattern) => pattern.split('/')[2])
    .filter((segment): segment is string => !!segment && !segment.startsWith(':')),
);

/**
 * The route patterns that have a screen today: exactly the web's APP_ROUTES paths (apps/web route-table;
 * a web test keeps the two equal). Anything else under /careers is the 404
 * screen, and the server answers it with HTTP 404 (issue 8 §6: search engines indexed it as a page).
 */
export const SCREEN_ROUTE_PATTERNS: readonly string[] = [
  ROUTES.search,
  ROUTES.searchByPath,
  ROUTES.login,
  ROUTES.resetPassword,
  ROUTES.logout,
  ROUTES.settings,
  ROUTES.job,
  ROUTES.jobPrivate,
  ROUTES.savedJobs,
  ROUTES.offers,
  ROUTES.offerIndex,
  ROUTES.offer,
  ROUTES.offerDocument,
  ROUTES.offerLetter,
  ROUTES.dashboard,
  ROUTES.applications,
  ROUTES.interviews,
  ROUTES.dashboardV2,
  ROUTES.formsCenter,
  ROUTES.forms,
  ROUTES.onboarding,
  ROUTES.apply,
  ROUTES.applyPrivate,
  ROUTES.profile,
  ROUTES.exportResume,
];

/** Whether `pathname` matches `pattern` as React Router matches it: case-insensitive, a trailing slash allowed. */
function matchesPattern(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  let at = 0;
  for (const part of parts) {
    const segment = segments[at];
    if (part.startsWith(':')) {
      if (segment === undefined) {
        if (part.endsWith('?')) continue;
        return false;
      }
      at += 1;
      continue;
    }
    if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) return false;
    at += 1;
  }
  return at === segments.length;
}

/**
 * Whether the path (no query string) shows one of `patterns`' screens rather than the 404 screen. A path
 * that only the search-by-path pattern takes is a search unless its first segment is reserved for an app
 * screen (RESERVED_CAREERS_SEGMENTS: the web's home route shows the 404 screen for those).
 */
export function isScreenPath(pathname: string, patterns: readonly string[] = SCREEN_ROUTE_PATTERNS): boolean {
  const segments = pathname.split('/').filter(Boolean);
  for (const pattern of patterns) {
    if (pattern === ROUTES.searchByPath || !matchesPattern(pattern, segments)) continue;
    return true;
  }
  if (!patterns.includes(ROUTES.searchByPath) || !matchesPattern(ROUTES.searchByPath, segments)) return false;
  const first = segments[1];
  return first === undefined || !RESERVED_CAREERS_SEGMENTS.has(safeDecode(first).toLowerCase());
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
