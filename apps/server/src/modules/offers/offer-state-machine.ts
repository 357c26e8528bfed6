import {
  effectiveOfferStatus,
  isDocumentSigned,
  isFinalOfferStatus,
  isPastExpiry,
  type OfferDocumentStatus,
  type OfferStatus,
  type SigningMethod,
} from '@careers/contracts';
import type { OfferEventType } from './offer-evidence';

/**
 * The offer lifecycle as pure transitions (issue 4 "The state machine", T13). No HTTP, no storage: the
 * service reads the row inside its transaction, asks `transition`, and writes `next` together with the audit
 * event, guarded by the status it read (so a second accept or decline from another tab finds a final status
 * and changes nothing).
 *
 *   Extended ──accept (last document signed)──▶ Accepted
 *   Extended ──decline──▶ Declined          Extended ──cancel (company)──▶ Canceled
 *   Extended ──e-sign reject (REJECT in the signing frame)──▶ Declined
 *   Extended ──expire (expires_at passed)──▶ Expired
 *   Accepted, Declined, Canceled, Expired: final, every action refused.
 *
 * Expiry is computed from `expiresAt` at read time (spec §4) and enforced on write: an Extended offer past
 * its deadline refuses accept and decline with `expired`; `expire` writes the Expired status down.
 *
 * Multi-document offers: every document of the offer must be signed before the offer is Accepted (the spec
 * has no notion of an optional document). Signing one document of several records the signature and leaves
 * the offer Extended. A Pending document ("Document being processed", its Start button disabled, spec §2)
 * cannot be signed yet, so an offer holding one keeps waiting for the company to release it.
 */

export interface OfferDocumentState {
  id: string;
  status: OfferDocumentStatus;
  signed: boolean;
}

export interface OfferState {
  status: OfferStatus;
  /** ISO-8601 UTC; null means the offer never expires. */
  expiresAt: string | null;
  documents: readonly OfferDocumentState[];
}

export type OfferAction =
  /** Reading a letter changes nothing but is evidence (the document shown). */
  | { type: 'view'; documentId: string | null }
  /** `documentId` null is the offer-level accept of spec §7 (POST /offers/{id}/accept). */
  | { type: 'accept'; method: SigningMethod; documentId: string | null }
  | { type: 'decline' }
  /**
   * REJECT in the signing frame (spec §4), confirmed on the hosted page: declines the offer, recorded as one
   * `esign_rejected` event (Extended → Declined) naming the document shown (issue 8 §6: the offer no longer
   * stays open after "Offer letter has been rejected").
   */
  | { type: 'esign_reject'; documentId: string }
  /** Company side. */
  | { type: 'cancel' }
  /** Time: writes down an expiry that the clock already shows. */
  | { type: 'expire' };

export type TransitionRefusal =
  /** No such offer, or no such document on it (a foreign id looks exactly like a missing one). */
  | 'not_found'
  /** Accepted, Declined, Canceled or Expired is stored. */
  | 'final'
  /** Extended is stored but `expiresAt` has passed. */
  | 'expired'
  /** `expire` before the deadline. */
  | 'not_expired'
  /** The document is still being processed by the company. */
  | 'document_pending'
  /** This document is already signed (double click, second tab). */
  | 'document_signed'
  /** Offer-level accept while several documents await a signature: each is signed on its own page. */
  | 'document_required';

export type TransitionResult =
  | {
      ok: true;
      next: OfferState;
      event: OfferEventType;
      /** Stored status before and after, for the audit event. */
      statusBefore: OfferStatus;
      statusAfter: OfferStatus;
      /** The document signed, viewed or rejected; null for offer-wide events. */
      documentId: string | null;
      /** False for events that record without changing state (view). */
      changed: boolean;
    }
  | { ok: false; reason: TransitionRefusal; statusBefore: OfferStatus | null };

const SIGNING_EVENT: Record<SigningMethod, OfferEventType> = {
  inline: 'accepted',
  upload: 'uploaded',
  esign: 'esigned',
};

export function transition(offer: OfferState | null, action: OfferAction, now: Date | number): TransitionResult {
  if (offer === null) return refuse('not_found', null);
  const documentId = 'documentId' in action ? action.documentId : null;
  const document = documentId === null ? null : offer.documents.find((doc) => doc.id === documentId);
  if (document === undefined) return refuse('not_found', offer.status);

  switch (action.type) {
    case 'view':
      return allow(offer, offer, 'viewed', documentId, false);
    case 'expire':
      if (isFinalOfferStatus(offer.status)) return refuse('final', offer.status);
      if (!isPastExpiry(offer.expiresAt, now)) return refuse('not_expired', offer.status);
      return allow(offer, { ...offer, status: 'Expired' }, 'expired', null, true);
    case 'cancel': {
      const closed = whyClosed(offer, now);
      return closed ? refuse(closed, offer.status) : allow(offer, { ...offer, status: 'Canceled' }, 'canceled', null, true);
    }
    case 'decline': {
      const closed = whyClosed(offer, now);
      return closed ? refuse(closed, offer.status) : allow(offer, { ...offer, status: 'Declined' }, 'declined', null, true);
    }
    case 'esign_reject': {
      const closed = whyClosed(offer, now) ?? whyUnsignable(document);
      return closed ? refuse(closed, offer.status) : allow(offer, { ...offer, status: 'Declined' }, 'esign_rejected', documentId, true);
    }
    case 'accept': {
      const closed = whyClosed(offer, now);
      if (closed) return refuse(closed, offer.status);
      const target = document ?? pickOfferLevelDocument(offer.documents);
      if (typeof target === 'string') return refuse(target, offer.status);
      if (target !== null) {
        const unsignable = whyUnsignable(target);
        if (unsignable) return refuse(unsignable, offer.status);
      }
      const documents = offer.documents.map((doc) =>
        doc === target ? { ...doc, status: 'Signed' as const, signed: true } : doc,
      );
      const status: OfferStatus = documents.every(isDocumentSigned) ? 'Accepted' : 'Extended';
      return allow(offer, { ...offer, status, documents }, SIGNING_EVENT[action.method], target?.id ?? null, true);
    }
  }
}

/** Why nothing may be done to this offer any more, or null while it is open. */
function whyClosed(offer: OfferState, now: Date | number): 'final' | 'expired' | null {
  if (isFinalOfferStatus(offer.status)) return 'final';
  if (effectiveOfferStatus({ status: offer.status, expires_at: offer.expiresAt }, now) === 'Expired') return 'expired';
  return null;
}

function whyUnsignable(doc: OfferDocumentState | null): 'document_signed' | 'document_pending' | null {
  if (doc === null) return null;
  if (isDocumentSigned(doc)) return 'document_signed';
  if (doc.status === 'Pending') return 'document_pending';
  return null;
}

/**
 * The document an offer-level accept signs: the one letter awaiting a signature. With none outstanding the
 * offer itself is accepted (an offer without documents); with only Pending ones it must wait; with several
 * Unsigned ones the candidate signs each on its own page, since a signature covers the document shown.
 */
function pickOfferLevelDocument(
  documents: readonly OfferDocumentState[],
): OfferDocumentState | null | 'document_pending' | 'document_required' {
  const outstanding = documents.filter((doc) => !isDocumentSigned(doc));
  if (outstanding.length === 0) return null;
  const unsigned = outstanding.filter((doc) => doc.status === 'Unsigned');
  if (unsigned.length === 0) return 'document_pending';
  if (unsigned.length > 1) return 'document_required';
  return unsigned[0] ?? null;
}

function allow(
  before: OfferState,
  next: OfferState,
  event: OfferEventType,
  documentId: string | null,
  changed: boolean,
): TransitionResult {
  return { ok: true, next, event, statusBefore: before.status, statusAfter: next.status, documentId, changed };
}

function refuse(reason: TransitionRefusal, statusBefore: OfferStatus | null): TransitionResult {
  return { ok: false, reason, statusBefore };
}

/**
 * The server's English message for a refusal (STYLE.md: code + English message; the web shows the server
 * message first, spec §8). `not_found` stays vague on purpose so foreign ids are not confirmed.
 */
export function refusalMessage(reason: TransitionRefusal, statusBefore: OfferStatus | null): string {
  switch (reason) {
    case 'not_found':
      return 'Not found';
    case 'final':
      return finalMessage(statusBefore);
    case 'expired':
      return 'This offer has expired and can no longer be accepted or declined.';
    case 'not_expired':
      return 'This offer has not expired yet.';
    case 'document_pending':
      return 'This document is still being processed. Please try again later.';
    case 'document_signed':
      return 'This document has already been signed.';
    case 'document_required':
      return 'This offer has several documents; sign each one from its own page.';
  }
}

function finalMessage(status: OfferStatus | null): string {
  switch (status) {
    case 'Accepted':
      return 'You have already accepted this offer.';
    case 'Declined':
      return 'You have already declined this offer.';
    case 'Canceled':
      return 'This offer has been withdrawn.';
    case 'Expired':
      return 'This offer has expired and can no longer be accepted or declined.';
    case 'Extended':
    case null:
      return 'This offer can no longer be changed.';
  }
}
