import type { DeclineReasonCode, OfferDocumentStatus, OfferStatus, SigningMethod } from '@careers/contracts';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, Dialect } from '../../db/database';
import type { DatabaseSchema, OfferDocumentsTable, OffersTable, WithBooleans } from '../../db/schema';
import { createEsignTokenQueries, type EsignTokenQueries } from './esign-tokens.repository';
import { createOfferEventQueries, type OfferEventQueries } from './offer-events.repository';
import { createOfferPartyQueries, type OfferPartyQueries } from './offer-parties.repository';
import { createNotification, type NewNotification } from '../notifications/notifications.producer';
import { enqueueWebhookEvent } from '../webhooks/webhook-outbox';
import type { WebhookEventType } from '../webhooks/webhook-events';

export type { EsignTokenRecord } from './esign-tokens.repository';
export type { ChainHead, StoredEvent } from './offer-events.repository';

/**
 * SQL for offers and their documents (Kysely only; no HTTP, no rules). Every read a
 * candidate can trigger is scoped by tenant AND candidate in the query itself, so a foreign id simply finds
 * nothing. Document reads never load file bytes unless a method says so.
 */

export interface OfferScope {
  tenantId: string;
  candidateId: string;
}

/** An offers row as stored (db/schema.ts), its status as the contracts name it. */
export type OfferRecord = Omit<Selectable<OffersTable>, 'status'> & { status: OfferStatus };

/** A document without its bytes: hashes and sizes say what is stored. */
export type DocumentRecord = Omit<WithBooleans<Selectable<OfferDocumentsTable>>, 'originalPdf' | 'signedPdf' | 'uploadedPdf' | 'status' | 'signingMode' | 'signedMethod'> & {
  status: OfferDocumentStatus;
  signingMode: SigningMethod;
  signedMethod: SigningMethod | null;
  /** signingMode 'esign': signed on the hosted page (the wire's `url`). */
  esignEnabled: boolean;
  originalSize: number | null;
  signedSize: number | null;
  uploadedSize: number | null;
};

export type DocumentFileKind = 'original' | 'signed' | 'uploaded';

export interface NewOffer {
  id: string;
  tenantId: string;
  candidateId: string;
  positionId: number | null;
  positionName: string;
  status: OfferStatus;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
}

export interface NewDocument {
  id: string;
  offerId: string;
  sortOrder: number;
  name: string;
  status: OfferDocumentStatus;
  signingMode: SigningMethod;
  originalPdf: Uint8Array | null;
  originalSha256: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
}

/** What signing writes on a document (typed signature or upload). */
export interface DocumentSignature {
  method: SigningMethod;
  signedAt: string;
  eventId: string;
  signer: { name: string; email: string };
  signedPdf?: { bytes: Uint8Array; sha256: string; stampedSha256: string; stampedLength: number };
  upload?: { bytes: Uint8Array; sha256: string; fileName: string };
}

/**
 * The offers module's SQL as one object (reading and signing here; the evidence chain in
 * offer-events.repository.ts; e-sign tokens in esign-tokens.repository.ts), so one transaction binds them all.
 */
export type OffersRepository = OfferQueries & OfferEventQueries & EsignTokenQueries & OfferPartyQueries;

/** Offers and their documents: reading, and the writes of signing, declining and seeding. */
export interface OfferQueries {
  listOffers(scope: OfferScope): Promise<OfferRecord[]>;
  findOffer(scope: OfferScope, offerId: string): Promise<OfferRecord | null>;
  /** Same as findOffer, and on PostgreSQL locks the row until the transaction ends (SQLite transactions are serial). */
  lockOffer(scope: OfferScope, offerId: string): Promise<OfferRecord | null>;
  /**
   * Runs reads on one snapshot of the database, so an offer and its documents are as one writer left them.
   * Two plain reads can straddle an accept (the offer still Extended, its letter already Signed), and a
   * decision taken on that mix answers as no order of the two requests would (T13 found it on PostgreSQL).
   */
  snapshot<T>(work: (repository: OffersRepository) => Promise<T>): Promise<T>;
  listDocuments(offerIds: readonly string[]): Promise<DocumentRecord[]>;
  readFile(offerId: string, documentId: string, kind: DocumentFileKind): Promise<Uint8Array | null>;
  /** Moves an offer from `from` to `to`; 0 when another writer changed it first. */
  updateOfferStatus(
    offerId: string,
    from: OfferStatus,
    to: OfferStatus,
    updatedAt: string,
    decline?: { code: DeclineReasonCode | null; text: string | null },
  ): Promise<number>;
  touchOffer(offerId: string, updatedAt: string): Promise<void>;
  /** Marks an unsigned document signed with its files; 0 when it was no longer unsigned. */
  signDocument(offerId: string, documentId: string, signature: DocumentSignature): Promise<number>;
  insertOffer(offer: NewOffer): Promise<void>;
  insertDocument(document: NewDocument): Promise<void>;
  /** Company side (issue 10): an offer of the tenant by id, whoever its candidate. */
  findTenantOffer(tenantId: string, offerId: string): Promise<OfferRecord | null>;
  /** Company side: the tenant's offers, newest change first, optionally one status or one candidate. */
  listTenantOffers(tenantId: string, filter: { status?: OfferStatus; candidateId?: string; limit: number; offset: number }): Promise<OfferRecord[]>;
  /** Extended offers whose deadline is before `nowIso`, oldest deadline first (the expiry sweep). */
  listPastDeadline(nowIso: string, limit: number): Promise<OfferRecord[]>;
  /** Adds the event to the tenant's webhook outbox in this repository's transaction (modules/webhooks). */
  announce(tenantId: string, type: WebhookEventType, data: Record<string, unknown>, at: Date): Promise<void>;
  /** Issue 12: the candidate's notification, written by this repository's connection (the event's transaction). */
  notify(notification: NewNotification): Promise<void>;
}

const offerColumns = [
  'id',
  'tenantId',
  'candidateId',
  'positionId',
  'positionName',
  'status',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'declineReasonCode',
  'declineReasonText',
] as const;

const FILE_COLUMN = {
  original: 'originalPdf',
  signed: 'signedPdf',
  uploaded: 'uploadedPdf',
} as const satisfies Record<DocumentFileKind, string>;

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
const asBytes = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The offers service's `transaction`: `work` in one database transaction, with a repository bound to it. */
export function offersTransaction(database: Pick<Database, 'db' | 'dialect'>) {
  return <T>(work: (repository: OffersRepository) => Promise<T>): Promise<T> =>
    database.db.transaction().execute((trx) => work(createOffersRepository(trx, database.dialect)));
}

export function createOffersRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): OffersRepository {
  /** Bytes of a blob column without reading it (raw SQL: the camel-case plugin does not rename inside it). */
  const sizeOf = (column: string): RawBuilder<number | null> =>
    dialect === 'postgres' ? sql<number | null>`octet_length(${sql.ref(column)})` : sql<number | null>`length(${sql.ref(column)})`;

  const scoped = (scope: OfferScope) =>
    db.selectFrom('offers').select(offerColumns).where('tenantId', '=', scope.tenantId).where('candidateId', '=', scope.candidateId);

  const repository: OffersRepository = {
    ...createOfferEventQueries(db),
    ...createEsignTokenQueries(db),
    ...createOfferPartyQueries(db),
    async listOffers(scope) {
      return scoped(scope).orderBy('updatedAt', 'desc').orderBy('id').execute();
    },

    async findOffer(scope, offerId) {
      return (await scoped(scope).where('id', '=', offerId).executeTakeFirst()) ?? null;
    },

    async lockOffer(scope, offerId) {
      const query = scoped(scope).where('id', '=', offerId);
      const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row ?? null;
    },

    snapshot(work) {
      if (db.isTransaction) return work(repository);
      // SQLite: a transaction holds the one connection, so no write lands between its reads.
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute((trx) => work(createOffersRepository(trx, dialect)));
    },

    async listDocuments(offerIds) {
      if (offerIds.length === 0) return [];
      const rows = await db
        .selectFrom('offerDocuments')
        .select([
          'id',
          'offerId',
          'sortOrder',
          'name',
          'status',
          'signed',
          'signingMode',
          'originalSha256',
          sizeOf('original_pdf').as('originalSize'),
          'signedMethod',
          'signedAt',
          'signingEventId',
          'signedSha256',
          sizeOf('signed_pdf').as('signedSize'),
          'stampedSha256',
          'stampedLength',
          'uploadedSha256',
          sizeOf('uploaded_pdf').as('uploadedSize'),
          'uploadedFileName',
          'signerName',
          'signerEmail',
          'updatedAt',
          'expiresAt',
        ])
        .where('offerId', 'in', offerIds)
        .orderBy('offerId')
        .orderBy('sortOrder')
        .execute();
      return rows.map((row) => ({
        ...row,
        signed: row.signed === 1,
        esignEnabled: row.signingMode === 'esign',
        originalSize: row.originalSize === null ? null : Number(row.originalSize),
        signedSize: row.signedSize === null ? null : Number(row.signedSize),
        uploadedSize: row.uploadedSize === null ? null : Number(row.uploadedSize),
      }));
    },

    async readFile(offerId, documentId, kind) {
      const column = FILE_COLUMN[kind];
      const row = await db
        .selectFrom('offerDocuments')
        .select(column)
        .where('offerId', '=', offerId)
        .where('id', '=', documentId)
        .executeTakeFirst();
      const bytes = row?.[column] ?? null;
      return bytes === null ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async updateOfferStatus(offerId, from, to, updatedAt, decline) {
      const result = await db
        .updateTable('offers')
        .set({
          status: to,
          updatedAt,
          ...(decline ? { declineReasonCode: decline.code, declineReasonText: decline.text } : {}),
        })
        .where('id', '=', offerId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async touchOffer(offerId, updatedAt) {
      await db.updateTable('offers').set({ updatedAt }).where('id', '=', offerId).execute();
    },

    async signDocument(offerId, documentId, signature) {
      const { signedPdf, upload } = signature;
      const result = await db
        .updateTable('offerDocuments')
        .set({
          status: 'Signed',
          signed: 1,
          signedMethod: signature.method,
          signedAt: signature.signedAt,
          signingEventId: signature.eventId,
          signerName: signature.signer.name,
          signerEmail: signature.signer.email,
          updatedAt: signature.signedAt,
          ...(signedPdf
            ? {
                signedPdf: asBytes(signedPdf.bytes),
                signedSha256: signedPdf.sha256,
                stampedSha256: signedPdf.stampedSha256,
                stampedLength: signedPdf.stampedLength,
              }
            : {}),
          ...(upload
            ? {
                uploadedPdf: asBytes(upload.bytes),
                uploadedSha256: upload.sha256,
                uploadedFileName: upload.fileName,
              }
            : {}),
        })
        .where('offerId', '=', offerId)
        .where('id', '=', documentId)
        .where('status', '=', 'Unsigned')
        .where('signed', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async insertOffer(offer) {
      await db.insertInto('offers').values({ ...offer, declineReasonCode: null, declineReasonText: null }).execute();
    },

    async insertDocument(document) {
      await db
        .insertInto('offerDocuments')
        .values({
          ...document,
          signed: bit(document.status === 'Signed'),
          originalPdf: document.originalPdf ? asBytes(document.originalPdf) : null,
        })
        .execute();
    },

    async findTenantOffer(tenantId, offerId) {
      return (await db.selectFrom('offers').select(offerColumns).where('tenantId', '=', tenantId).where('id', '=', offerId).executeTakeFirst()) ?? null;
    },

    async listTenantOffers(tenantId, filter) {
      let query = db.selectFrom('offers').select(offerColumns).where('tenantId', '=', tenantId);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.candidateId) query = query.where('candidateId', '=', filter.candidateId);
      return query.orderBy('updatedAt', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute();
    },

    async listPastDeadline(nowIso, limit) {
      return db
        .selectFrom('offers')
        .select(offerColumns)
        .where('status', '=', 'Extended')
        .where('expiresAt', 'is not', null)
        .where('expiresAt', '<', nowIso)
        .orderBy('expiresAt')
        .limit(limit)
        .execute();
    },

    async announce(tenantId, type, data, at) {
      await enqueueWebhookEvent(db, tenantId, type, data, at);
    },

    async notify(notification) {
      await createNotification(db, notification);
    },
  };
  return repository;
}
