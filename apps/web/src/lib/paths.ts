/**
 * Every URL the web app builds or matches. Link builders come from contracts (shared with the server);
 * the route patterns below are spec §2's, used by the router.
 */
import { REMEMBERED_PARAMS } from '@careers/contracts';

export {
  CAREERS_HOME,
  applyPath,
  isSafeNextPath,
  jobPath,
  loginPath,
  privateApplyPath,
  privateJobPath,
  safeNextPath,
  searchPath,
} from '@careers/contracts';

/** Route patterns of spec §2, in React Router syntax. */
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

export const settingsPath = (): string => ROUTES.settings;

/** spec §2 offers routes; the path parts are offer, offer-letter and offer-document. */
const offerSegment = (value: string): string => encodeURIComponent(value);
export const offersPath = (): string => ROUTES.offers;
export const offerPath = (offerId: string): string => `/careers/offer/${offerSegment(offerId)}`;
export const offerLetterPath = (offerId: string): string => `/careers/offer-letter/${offerSegment(offerId)}`;
/** `method: 'upload'` opens the print-sign-upload steps instead of signing inline. */
export const offerDocumentPath = (offerId: string, documentId: string, method?: 'upload'): string =>
  `/careers/offer/${offerSegment(offerId)}/offer-document/${offerSegment(documentId)}${method ? `?method=${method}` : ''}`;

/** Copies the remembered params (spec §2: utm_source, utm_campaign, src, ...) from `current` onto `path`. */
export function withRememberedParams(path: string, current: URLSearchParams | string): string {
  const from = typeof current === 'string' ? new URLSearchParams(current) : current;
  const url = new URL(path, 'http://careers.invalid');
  for (const key of REMEMBERED_PARAMS) {
    const value = from.get(key);
    if (value !== null && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.pathname + url.search + url.hash;
}

/** spec §2: "In query and location, hyphens and underscores read as spaces." */
export function pathParamToText(value: string | undefined | null): string {
  return (value ?? '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
}
