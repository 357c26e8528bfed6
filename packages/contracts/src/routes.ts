/**
 * The web app's route patterns (spec §2), in React Router syntax. Shared: the server reads them to tell a
 * search path (/careers/{query}/{location}) from an app screen when it answers a page's first queries.
 */

export const ROUTES = {
  home: '/careers',
  search: '/careers/search',
  searchByPath: '/careers/:query?/:location?',
  login: '/careers/login',
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
