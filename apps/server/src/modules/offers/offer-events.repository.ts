import type { DeclineReasonCode, OfferStatus } from '@careers/contracts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { OfferEventRow, OfferEventType } from './offer-evidence';

/**
 * The evidence chain's SQL (offer_events; offer-evidence.ts): append-only, one chain per offer ordered by
 * seq. Part of OffersRepository (offers.repository.ts), so it joins the signing transaction.
 */

export interface ChainHead {
  seq: number;
  hash: string;
}

export interface StoredEvent {
  seq: number;
  event: OfferEventRow;
}

const eventColumns = [
  'id',
  'seq',
  'previousHash',
  'hash',
  'tenantId',
  'candidateId',
  'offerId',
  'documentId',
  'eventType',
  'statusBefore',
  'statusAfter',
  'occurredAt',
  'ip',
  'userAgent',
  'sessionHash',
  'consentVersion',
  'consentSha256',
  'typedSignature',
  'shownDocumentSha256',
  'resultDocumentSha256',
  'declineReasonCode',
  'declineReasonText',
] as const;

type EventSelection = { [K in (typeof eventColumns)[number]]: DatabaseSchema['offerEvents'][K] };

/** The stored row in the exact shape offer-evidence.ts hashes (its snake_case fields and nothing more). */
function toEvent(row: EventSelection): StoredEvent {
  return {
    seq: Number(row.seq),
    event: {
      id: row.id,
      previous_hash: row.previousHash,
      hash: row.hash,
      tenant_id: row.tenantId,
      candidate_id: row.candidateId,
      offer_id: row.offerId,
      document_id: row.documentId,
      // Written by the service from these unions only; the chain hash covers them, so a change shows.
      event_type: row.eventType as OfferEventType,
      status_before: row.statusBefore as OfferStatus,
      status_after: row.statusAfter as OfferStatus,
      // PostgreSQL bigint arrives as a number through the pool's parser; SQLite integers already are.
      occurred_at: Number(row.occurredAt),
      ip: row.ip,
      user_agent: row.userAgent,
      session_hash: row.sessionHash,
      consent_version: row.consentVersion,
      consent_sha256: row.consentSha256,
      typed_signature: row.typedSignature,
      shown_document_sha256: row.shownDocumentSha256,
      result_document_sha256: row.resultDocumentSha256,
      decline_reason_code: row.declineReasonCode as DeclineReasonCode | null,
      decline_reason_text: row.declineReasonText,
    },
  };
}

export interface OfferEventQueries {
  /** One event by id within an offer (the signing event a receipt is drawn from). */
  findEvent(offerId: string, eventId: string): Promise<StoredEvent | null>;
  chainHead(offerId: string): Promise<ChainHead | null>;
  insertEvent(event: OfferEventRow, seq: number): Promise<void>;
  listEvents(offerId: string): Promise<StoredEvent[]>;
  /** The newest event of these types about a document, if any. */
  latestDocumentEvent(offerId: string, documentId: string, types: readonly OfferEventType[]): Promise<StoredEvent | null>;
  hasViewEvent(offerId: string, documentId: string | null, sessionHash: string): Promise<boolean>;
}

export function createOfferEventQueries(db: Kysely<DatabaseSchema>): OfferEventQueries {
  const toEventOrNull = (row: EventSelection | undefined): StoredEvent | null => (row ? toEvent(row) : null);

  return {
    async chainHead(offerId) {
      const row = await db
        .selectFrom('offerEvents')
        .select(['seq', 'hash'])
        .where('offerId', '=', offerId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { seq: Number(row.seq), hash: row.hash } : null;
    },

    async insertEvent(event, seq) {
      await db
        .insertInto('offerEvents')
        .values({
          id: event.id,
          offerId: event.offer_id,
          seq,
          previousHash: event.previous_hash,
          hash: event.hash,
          tenantId: event.tenant_id,
          candidateId: event.candidate_id,
          documentId: event.document_id,
          eventType: event.event_type,
          statusBefore: event.status_before,
          statusAfter: event.status_after,
          occurredAt: event.occurred_at,
          ip: event.ip,
          userAgent: event.user_agent,
          sessionHash: event.session_hash,
          consentVersion: event.consent_version,
          consentSha256: event.consent_sha256,
          typedSignature: event.typed_signature,
          shownDocumentSha256: event.shown_document_sha256,
          resultDocumentSha256: event.result_document_sha256,
          declineReasonCode: event.decline_reason_code,
          declineReasonText: event.decline_reason_text,
        })
        .execute();
    },

    async listEvents(offerId) {
      const rows = await db.selectFrom('offerEvents').select(eventColumns).where('offerId', '=', offerId).orderBy('seq').execute();
      return rows.map(toEvent);
    },

    async findEvent(offerId, eventId) {
      const row = await db.selectFrom('offerEvents').select(eventColumns).where('offerId', '=', offerId).where('id', '=', eventId).executeTakeFirst();
      return toEventOrNull(row);
    },

    async latestDocumentEvent(offerId, documentId, types) {
      const row = await db
        .selectFrom('offerEvents')
        .select(eventColumns)
        .where('offerId', '=', offerId)
        .where('documentId', '=', documentId)
        .where('eventType', 'in', types)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return toEventOrNull(row);
    },

    async hasViewEvent(offerId, documentId, sessionHash) {
      const row = await db
        .selectFrom('offerEvents')
        .select('id')
        .where('offerId', '=', offerId)
        .where('eventType', '=', 'viewed')
        .where('sessionHash', '=', sessionHash)
        .where((eb) => (documentId === null ? eb('documentId', 'is', null) : eb('documentId', '=', documentId)))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
