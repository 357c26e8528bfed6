import type { OfferDocumentStatus, OfferStatus } from './offer-rules';

/**
 * What a candidate sees of an offer's state (spec §4 "Offers", §9 expiry texts and dates). Pure and shared:
 * the server presents the effective status and enforces expiry with the same rules the web shows.
 */

const DAY_MS = 86_400_000;

type Instant = Date | number;
const toMs = (now: Instant): number => (typeof now === 'number' ? now : now.getTime());

/** Parses a stored ISO timestamp; a value that is not one is a programming error, not "no date". */
export function timestampMs(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not a timestamp: ${JSON.stringify(iso)}`);
  return ms;
}

/** spec §4 "If expires_at is in the past": strictly before `now`; no expiry never expires. */
export function isPastExpiry(expiresAt: string | null, now: Instant): boolean {
  return expiresAt !== null && timestampMs(expiresAt) < toMs(now);
}

/** The statuses no action can leave (issue 4: "Accepted, Declined, Canceled and Expired are final"). */
export const FINAL_OFFER_STATUSES: ReadonlySet<OfferStatus> = new Set(['Accepted', 'Declined', 'Canceled', 'Expired']);
export const isFinalOfferStatus = (status: OfferStatus): boolean => FINAL_OFFER_STATUSES.has(status);

/**
 * spec §4: "If expires_at is in the past, the offer is shown as Expired regardless of stored status."
 *
 * Our reading: the rule exists because the stored status lags behind time — nothing rewrites an Extended
 * row at the moment its deadline passes — so an Extended offer past expiry IS Expired, whatever the row
 * still says. It does not turn an outcome that was reached before the deadline into Expired: Accepted,
 * Declined and Canceled are final (issue 4) and a final state never changes (T13), and a candidate who signed
 * must not later see "Expired" on the offer they accepted. The state machine refuses every write after the
 * deadline, so a final status with a past `expires_at` was reached while the offer was still open.
 */
export function effectiveOfferStatus(offer: { status: OfferStatus; expires_at: string | null }, now: Instant): OfferStatus {
  if (offer.status === 'Extended' && isPastExpiry(offer.expires_at, now)) return 'Expired';
  return offer.status;
}

/** spec §4: "Extended offers that are not expired carry an Action required tag and a primary View button". */
export function isActionRequired(offer: { status: OfferStatus; expires_at: string | null }, now: Instant): boolean {
  return effectiveOfferStatus(offer, now) === 'Extended';
}

interface DocumentLike {
  status: OfferDocumentStatus;
  signed: boolean;
  updated_at: string | null;
  expires_at: string | null;
}

/** A document counts as signed when its status says so or its `signed` flag is set (spec §2 offer detail). */
export const isDocumentSigned = (doc: Pick<DocumentLike, 'status' | 'signed'>): boolean =>
  doc.signed || doc.status === 'Signed';

export interface DocumentButton {
  label: 'Start' | 'View';
  disabled: boolean;
}

/**
 * spec §2 offer detail: "Start for a document with status Pending or Unsigned, otherwise View (also View
 * when the document is flagged signed). It is disabled when the document is Pending."
 */
export function documentButton(doc: Pick<DocumentLike, 'status' | 'signed'>): DocumentButton {
  const isStart = !doc.signed && (doc.status === 'Pending' || doc.status === 'Unsigned');
  return { label: isStart ? 'Start' : 'View', disabled: doc.status === 'Pending' };
}

/** spec §9 "Dates MM/DD/YYYY", in UTC so server and browser print the same day. */
export function formatOfferDate(iso: string): string {
  const date = new Date(timestampMs(iso));
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${String(date.getUTCFullYear()).padStart(4, '0')}`;
}

/** The document line of spec §4, as data; the web turns it into translated text. */
export type DocumentStatusText =
  | { kind: 'expires'; date: string; isPast: boolean }
  | { kind: 'yet_to_be_signed' }
  | { kind: 'being_processed' }
  | { kind: 'last_updated'; date: string }
  | { kind: 'none' };

/**
 * spec §4: "Unsigned shows Expires {date} if an expiry exists, otherwise Document is yet to be signed.
 * Pending shows Document being processed when no date exists, otherwise Last updated {date}. Signed shows
 * Last updated {date}." The Pending/Signed date is `updated_at`. A Signed document without any date has no
 * line (the spec gives none). `isPast` lets the page style a passed deadline; the words stay the spec's.
 */
export function documentStatusText(doc: DocumentLike, now: Instant): DocumentStatusText {
  switch (doc.status) {
    case 'Unsigned':
      return doc.expires_at === null
        ? { kind: 'yet_to_be_signed' }
        : { kind: 'expires', date: formatOfferDate(doc.expires_at), isPast: isPastExpiry(doc.expires_at, now) };
    case 'Pending':
      return doc.updated_at === null
        ? { kind: 'being_processed' }
        : { kind: 'last_updated', date: formatOfferDate(doc.updated_at) };
    case 'Signed':
      return doc.updated_at === null ? { kind: 'none' } : { kind: 'last_updated', date: formatOfferDate(doc.updated_at) };
  }
}

/** English words for a document line (server-rendered pages, tests); null when there is no line. */
export function documentStatusMessage(text: DocumentStatusText): string | null {
  switch (text.kind) {
    case 'expires':
      return `Expires ${text.date}`;
    case 'yet_to_be_signed':
      return 'Document is yet to be signed';
    case 'being_processed':
      return 'Document being processed';
    case 'last_updated':
      return `Last updated ${text.date}`;
    case 'none':
      return null;
  }
}

/**
 * Whole days left before `expiresAt`, rounded up so the last hours read "Expires in 1 day" and never
 * "in 0 days"; null once the deadline has passed (the offer is Expired) or when there is none.
 */
export function daysUntilExpiry(expiresAt: string | null, now: Instant): number | null {
  if (expiresAt === null || isPastExpiry(expiresAt, now)) return null;
  return Math.max(1, Math.ceil((timestampMs(expiresAt) - toMs(now)) / DAY_MS));
}

/** spec §9 "Expiry text: Expires in 1 day or Expires in {days} days." */
export function expiryText(expiresAt: string | null, now: Instant): string | null {
  const days = daysUntilExpiry(expiresAt, now);
  if (days === null) return null;
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

/**
 * The date line of an offer card (spec §2 offers list "a date line"): the countdown while the candidate
 * can still act, otherwise when the offer last changed.
 */
export type OfferDateLine = { kind: 'expires_in'; days: number } | { kind: 'last_updated'; date: string };

export function offerDateLine(
  offer: { status: OfferStatus; expires_at: string | null; updated_at: string },
  now: Instant,
): OfferDateLine {
  const days = isActionRequired(offer, now) ? daysUntilExpiry(offer.expires_at, now) : null;
  return days === null ? { kind: 'last_updated', date: formatOfferDate(offer.updated_at) } : { kind: 'expires_in', days };
}
