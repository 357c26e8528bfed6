import { ConflictError, NotFoundError, type AppError } from '../../errors';
import { GENESIS_HASH, sealEvent, type OfferEventFields, type OfferEventRow, type OfferEventType } from './offer-evidence';
import { refusalMessage, transition, type OfferAction, type OfferState, type TransitionRefusal, type TransitionResult } from './offer-state-machine';
import type { DocumentRecord, OfferRecord, OfferScope, OffersRepository } from './offers.repository';
import type { DeclineReason, OffersDeps, RequestEvidence } from './offers.types';
import type { WebhookEventType } from '../webhooks/webhook-events';

/**
 * How an offer changes (issue 4 "The state machine", QUALITY.md "Signing evidence", T13, T14). Every
 * change is one transaction holding the offer row (locked on PostgreSQL; SQLite transactions are serial), the
 * pure `transition` decides on what that transaction read, the write is conditional on the status read, and
 * the evidence event is appended to the offer's hash chain in the same transaction. Heavy work (stamping a
 * PDF) happens before the transaction on a pre-checked state, so locks are held for milliseconds.
 */

/** A conditional write found the row changed under it: the other request won. */
export class LostRaceError extends ConflictError {
  constructor() {
    super(refusalMessage('final', null));
  }
}

export function refusalError(reason: TransitionRefusal, statusBefore: OfferState['status'] | null): AppError {
  return reason === 'not_found' ? new NotFoundError() : new ConflictError(refusalMessage(reason, statusBefore));
}

export const stateOf = (offer: OfferRecord, documents: readonly DocumentRecord[]): OfferState => ({
  status: offer.status,
  expiresAt: offer.expiresAt,
  documents: documents.map((doc) => ({ id: doc.id, status: doc.status, signed: doc.signed })),
});

export function eventFields(
  newId: () => string,
  offer: OfferRecord,
  type: OfferEventType,
  result: Pick<TransitionResult & { ok: true }, 'statusBefore' | 'statusAfter'>,
  now: Date,
  evidence: RequestEvidence | null,
  extra: Partial<Omit<OfferEventFields, 'id' | 'tenant_id' | 'candidate_id' | 'offer_id' | 'event_type'>> = {},
): OfferEventFields {
  // Every key present, null when absent: canonical JSON hashes exactly these fields (no undefined).
  return {
    id: newId(),
    tenant_id: offer.tenantId,
    candidate_id: offer.candidateId,
    offer_id: offer.id,
    document_id: null,
    event_type: type,
    status_before: result.statusBefore,
    status_after: result.statusAfter,
    occurred_at: now.getTime(),
    ip: evidence?.ip ?? null,
    user_agent: evidence?.userAgent ?? null,
    session_hash: evidence?.sessionHash ?? null,
    consent_version: null,
    consent_sha256: null,
    typed_signature: null,
    shown_document_sha256: null,
    result_document_sha256: null,
    decline_reason_code: null,
    decline_reason_text: null,
    ...extra,
  };
}

export async function appendEvent(repository: OffersRepository, fields: OfferEventFields): Promise<OfferEventRow> {
  const head = await repository.chainHead(fields.offer_id);
  const row = sealEvent(fields, head?.hash ?? GENESIS_HASH);
  await repository.insertEvent(row, (head?.seq ?? 0) + 1);
  return row;
}

const ANNOUNCED: Partial<Record<OfferState['status'], WebhookEventType>> = {
  Accepted: 'offer.accepted',
  Declined: 'offer.declined',
  Expired: 'offer.expired',
  Canceled: 'offer.canceled',
};

/**
 * Tells the tenant's webhooks that the offer reached a final status (issue 10 "Webhooks per tenant"): one
 * outbox row per subscribed endpoint, in the transaction that wrote the status, so the candidate's request
 * only inserts rows and the announcement commits or rolls back with the change itself.
 */
export async function announceStatus(
  repository: OffersRepository,
  offer: OfferRecord,
  statusBefore: OfferState['status'],
  statusAfter: OfferState['status'],
  now: Date,
  decline?: DeclineReason,
): Promise<void> {
  const type = ANNOUNCED[statusAfter];
  if (!type || statusBefore === statusAfter) return;
  await repository.announce(
    offer.tenantId,
    type,
    {
      offer_id: offer.id,
      candidate_id: offer.candidateId,
      position_id: offer.positionId,
      position_name: offer.positionName,
      status: statusAfter,
      status_before: statusBefore,
      expires_at: offer.expiresAt,
      ...(decline ? { decline_reason_code: decline.code, decline_reason_text: decline.text } : {}),
    },
    now,
  );
}

/** What one allowed transition sees inside its transaction. */
export interface Step {
  repository: OffersRepository;
  offer: OfferRecord;
  documents: DocumentRecord[];
  result: TransitionResult & { ok: true };
}

/** The state change a transition makes, conditional on the status the transaction read. */
export async function writeTransition(step: Step, now: Date, decline?: DeclineReason): Promise<void> {
  const { repository: repo, offer, result } = step;
  if (result.statusAfter !== result.statusBefore) {
    const changed = await repo.updateOfferStatus(offer.id, result.statusBefore, result.statusAfter, now.toISOString(), decline);
    if (changed === 0) throw new LostRaceError();
    await announceStatus(repo, offer, result.statusBefore, result.statusAfter, now, decline);
  } else if (result.changed) {
    await repo.touchOffer(offer.id, now.toISOString());
  }
}

export type Transact = <T>(
  scope: OfferScope,
  offerId: string,
  action: OfferAction,
  now: Date,
  evidence: RequestEvidence | null,
  apply: (step: Step) => Promise<T>,
) => Promise<T>;

export function createTransact(deps: Pick<OffersDeps, 'transaction'>, newId: () => string): Transact {
  /** Writes down an expiry the clock already shows (spec §4: enforced on write), in the caller's transaction. */
  async function recordExpiry(repo: OffersRepository, offer: OfferRecord, now: Date, evidence: RequestEvidence | null): Promise<void> {
    if ((await repo.updateOfferStatus(offer.id, 'Extended', 'Expired', now.toISOString())) === 0) return;
    await announceStatus(repo, offer, 'Extended', 'Expired', now);
    await appendEvent(repo, eventFields(newId, offer, 'expired', { statusBefore: 'Extended', statusAfter: 'Expired' }, now, evidence));
  }

  /**
   * One transition in one transaction. A refusal commits nothing, except an expiry found on the way, which
   * is written down with its event before the 409 is thrown.
   */
  return async function transact<T>(
    scope: OfferScope,
    offerId: string,
    action: OfferAction,
    now: Date,
    evidence: RequestEvidence | null,
    apply: (step: Step) => Promise<T>,
  ): Promise<T> {
    type Outcome = { done: true; value: T } | { done: false; refused: TransitionRefusal; statusBefore: OfferState['status'] | null };
    const outcome = await deps.transaction(async (repo): Promise<Outcome> => {
      const offer = await repo.lockOffer(scope, offerId);
      if (!offer) return { done: false, refused: 'not_found', statusBefore: null };
      const documents = await repo.listDocuments([offer.id]);
      const result = transition(stateOf(offer, documents), action, now);
      if (!result.ok) {
        if (result.reason === 'expired') await recordExpiry(repo, offer, now, evidence);
        return { done: false, refused: result.reason, statusBefore: result.statusBefore };
      }
      return { done: true, value: await apply({ repository: repo, offer, documents, result }) };
    });
    if (!outcome.done) throw refusalError(outcome.refused, outcome.statusBefore);
    return outcome.value;
  };
}
