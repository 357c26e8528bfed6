/**
 * Every URL the web app builds or matches. Link builders and spec §2's route patterns come from contracts
 * (shared with the server); the builders below are the web's own.
 */
import { REMEMBERED_PARAMS, ROUTES } from '@careers/contracts';

export {
  CAREERS_HOME,
  applyPath,
  isSafeNextPath,
  jobPath,
  loginPath,
  privateApplyPath,
  privateJobPath,
  RESERVED_CAREERS_SEGMENTS,
  ROUTES,
  safeNextPath,
  searchPath,
} from '@careers/contracts';

export const settingsPath = (): string => ROUTES.settings;

/** spec §2 forms center (tab: open, in_progress or completed) and one requested form (?id=). */
export const formsCenterPath = (tab?: string): string => (tab && tab !== 'open' ? `${ROUTES.formsCenter}?tab=${encodeURIComponent(tab)}` : ROUTES.formsCenter);
export const formViewPath = (formRequestId: string): string => `${ROUTES.forms}?id=${encodeURIComponent(formRequestId)}`;
export const onboardingPath = (): string => ROUTES.onboarding;

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
