import { sha256Hex } from '../../kernel/sha256';
import type { DeclineReasonCode, OfferStatus } from '@careers/contracts';
import { canonicalJson } from './canonical-json';

/**
 * The offer audit log as a hash chain (QUALITY.md "Signing evidence", T14). One append-only row per offer
 * event, written in the same transaction as the change. Each row's hash covers the whole row and the hash of
 * the row before it, so editing, inserting or deleting any earlier row breaks every hash after it: later
 * changes are detectable (the eIDAS Art. 26 idea), and the row keeps intent, consent and the exact document
 * bytes (by SHA-256) associated with the signature (ESIGN/UETA).
 *
 * Chain scope and order are the repository's: rows are verified in the order given, starting from
 * `GENESIS_HASH` (or the last verified hash of an earlier segment).
 */

export const OFFER_EVENT_TYPES = [
  /** The company issued the offer (issue 10: extended through the employer API or the command line). */
  'extended',
  'viewed',
  'accepted',
  'declined',
  'esigned',
  'uploaded',
  'esign_rejected',
  'expired',
  'canceled',
] as const;
export type OfferEventType = (typeof OFFER_EVENT_TYPES)[number];

export interface OfferEventRow {
  id: string;
  previous_hash: string;
  hash: string;
  tenant_id: string;
  candidate_id: string;
  offer_id: string;
  document_id: string | null;
  event_type: OfferEventType;
  status_before: OfferStatus;
  status_after: OfferStatus;
  /** UTC milliseconds since the epoch. */
  occurred_at: number;
  ip: string | null;
  user_agent: string | null;
  /** SHA-256 of the session id: links events of one sitting without storing a usable token. */
  session_hash: string | null;
  consent_version: string | null;
  consent_sha256: string | null;
  typed_signature: string | null;
  /** SHA-256 of the document bytes the candidate was shown. */
  shown_document_sha256: string | null;
  /** SHA-256 of the stored result: the signed PDF, or the uploaded file as received. */
  result_document_sha256: string | null;
  decline_reason_code: DeclineReasonCode | null;
  decline_reason_text: string | null;
}

export type OfferEventFields = Omit<OfferEventRow, 'hash' | 'previous_hash'>;

/** The hash the first row of a chain points back to. */
export const GENESIS_HASH = '0'.repeat(64);

export { sha256Hex };

/** SHA-256 hex of the canonical JSON of the row without its own hash, followed by the previous hash. */
export function eventHash(row: OfferEventFields & { previous_hash: string; hash?: string }, previousHash: string): string {
  const { hash: _ownHash, ...covered } = row;
  return sha256Hex(canonicalJson(covered) + previousHash);
}

/** Links a new event after `previousHash` (the hash of the chain's last row, or GENESIS_HASH). */
export function sealEvent(fields: OfferEventFields, previousHash: string): OfferEventRow {
  const row = { ...fields, previous_hash: previousHash };
  return { ...row, hash: eventHash(row, previousHash) };
}

export type ChainVerification =
  | { ok: true; lastHash: string }
  | { ok: false; brokenAt: number; reason: 'previous_hash' | 'hash' };

/**
 * Checks every row: it points at the row before it and its stored hash is the hash of its content. Returns
 * the index of the first row that fails; every later row is suspect too.
 */
export function verifyChain(rows: readonly OfferEventRow[], startHash: string = GENESIS_HASH): ChainVerification {
  let previous = startHash;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as OfferEventRow;
    if (row.previous_hash !== previous) return { ok: false, brokenAt: index, reason: 'previous_hash' };
    if (eventHash(row, previous) !== row.hash) return { ok: false, brokenAt: index, reason: 'hash' };
    previous = row.hash;
  }
  return { ok: true, lastHash: previous };
}

const CANDIDATE_CONTEXT: readonly (keyof OfferEventRow)[] = ['ip', 'user_agent', 'session_hash'];
const SIGNATURE_PROOF: readonly (keyof OfferEventRow)[] = ['consent_version', 'consent_sha256', 'typed_signature'];

/**
 * Fields an event of its type must carry to be complete evidence (T14 "every event complete"). Company and
 * clock events (extended, canceled, expired) have no candidate context; signatures need consent and the typed name;
 * anything about a document needs the hash of what was shown; a result needs the hash of what was stored.
 */
export function requiredEvidence(row: Pick<OfferEventRow, 'event_type' | 'document_id'>): (keyof OfferEventRow)[] {
  const onDocument = row.document_id !== null;
  const shown: (keyof OfferEventRow)[] = onDocument ? ['shown_document_sha256'] : [];
  switch (row.event_type) {
    case 'viewed':
      return [...CANDIDATE_CONTEXT, ...shown];
    case 'accepted':
    case 'esigned':
      return [...CANDIDATE_CONTEXT, ...SIGNATURE_PROOF, ...shown, ...(onDocument ? ['result_document_sha256' as const] : [])];
    case 'uploaded':
      return [...CANDIDATE_CONTEXT, ...shown, 'result_document_sha256'];
    case 'esign_rejected':
      return [...CANDIDATE_CONTEXT, 'document_id', ...shown];
    case 'declined':
      return [...CANDIDATE_CONTEXT];
    case 'extended':
    case 'expired':
    case 'canceled':
      return [];
  }
}

/** The required fields that are null or blank on this row; empty when the row is complete. */
export function missingEvidence(row: OfferEventRow): (keyof OfferEventRow)[] {
  return requiredEvidence(row).filter((field) => {
    const value = row[field];
    return value === null || (typeof value === 'string' && value.trim() === '');
  });
}
