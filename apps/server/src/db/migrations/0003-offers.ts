import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Job offers (issue 4): offers, their documents with the PDF bytes, the append-only evidence chain and the
 * single-use links of the hosted signing page.
 *
 * Files live in the database, not on disk: a signature and its stored PDF commit in one transaction (no file
 * without a row, no row without a file, nothing half-written after a crash), backups and PostgreSQL replicas
 * carry them, and several app processes share them without a shared disk. Offer letters are tens of KB and an
 * upload is capped at 10 MB, well within SQLite blobs and PostgreSQL bytea.
 *
 * offer_events is append-only (QUALITY.md "Signing evidence"): triggers refuse every UPDATE and DELETE on both
 * dialects, so even a bug or a careless query cannot rewrite evidence; the hash chain detects what a trigger
 * cannot stop (someone with the power to drop it).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // No cascades from tenants or candidates: an offer and its evidence are records the company must keep.
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id'))
    .addColumn('position_id', 'integer', (col) => col.references('positions.id').onDelete('set null'))
    /** The title when the offer was made: the offer reads the same if the posting changes or goes away. */
    .addColumn('position_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('Extended', 'Declined', 'Accepted', 'Canceled', 'Expired')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('decline_reason_code', 'text')
    .addColumn('decline_reason_text', 'text')
    .execute();
  await db.schema.createIndex('offers_candidate_idx').on('offers').columns(['tenant_id', 'candidate_id', 'updated_at']).execute();

  await db.schema
    .createTable('offer_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('offer_id', 'text', (col) => col.notNull().references('offers.id'))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('Pending', 'Signed', 'Unsigned')`))
    .addColumn('signed', 'integer', (col) => col.notNull().defaultTo(0))
    /**
     * How the company wants it signed, which picks the letter page's layout (spec §2): typed signature on the
     * page (a), print and upload (b), or the hosted e-signature page (c, the wire's `url`).
     */
    .addColumn('signing_mode', 'text', (col) =>
      col.notNull().defaultTo('inline').check(sql`signing_mode in ('inline', 'upload', 'esign')`),
    )
    /** The document as the company issued it; null while a Pending document is still being prepared. */
    .addColumn('original_pdf', blob)
    .addColumn('original_sha256', 'text')
    .addColumn('signed_method', 'text', (col) => col.check(sql`signed_method in ('inline', 'esign', 'upload')`))
    .addColumn('signed_at', 'text')
    .addColumn('signing_event_id', 'text')
    /** The signer as the profile read when signing: the certificate and receipt keep showing that name. */
    .addColumn('signer_name', 'text')
    .addColumn('signer_email', 'text')
    /** Typed signatures: the original + stamp + certificate page, as incremental updates. */
    .addColumn('signed_pdf', blob)
    .addColumn('signed_sha256', 'text')
    /** The signed document before its certificate page: the prefix of signed_pdf the certificate hashes. */
    .addColumn('stamped_sha256', 'text')
    .addColumn('stamped_length', 'integer')
    /**
     * Uploads: the file exactly as received (T08), its hash, and the name the browser sent (shown only). The
     * receipt is not stored: it is drawn on request from this file and the signing event (deterministic, so
     * the same bytes every time), which keeps a 10 MB upload from being stored twice.
     */
    .addColumn('uploaded_pdf', blob)
    .addColumn('uploaded_sha256', 'text')
    .addColumn('uploaded_file_name', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('expires_at', 'text')
    .addUniqueConstraint('offer_documents_order_unique', ['offer_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('offer_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('offer_id', 'text', (col) => col.notNull().references('offers.id'))
    /** Position in the offer's chain, from 1; verification walks the chain in this order. */
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('previous_hash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('candidate_id', 'text', (col) => col.notNull())
    .addColumn('document_id', 'text')
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('status_before', 'text', (col) => col.notNull())
    .addColumn('status_after', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('session_hash', 'text')
    .addColumn('consent_version', 'text')
    .addColumn('consent_sha256', 'text')
    .addColumn('typed_signature', 'text')
    .addColumn('shown_document_sha256', 'text')
    .addColumn('result_document_sha256', 'text')
    .addColumn('decline_reason_code', 'text')
    .addColumn('decline_reason_text', 'text')
    // One successor per event and one event per position: a chain cannot fork, even under a race.
    .addUniqueConstraint('offer_events_seq_unique', ['offer_id', 'seq'])
    .addUniqueConstraint('offer_events_previous_unique', ['offer_id', 'previous_hash'])
    .execute();

  await db.schema
    .createTable('esign_tokens')
    /** SHA-256 of the link's token; the token itself is only ever in the link. */
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('candidate_id', 'text', (col) => col.notNull())
    .addColumn('offer_id', 'text', (col) => col.notNull().references('offers.id'))
    .addColumn('document_id', 'text', (col) => col.notNull().references('offer_documents.id'))
    /** The session it was minted for (SHA-256 of the session's id hash): the link works in that session only. */
    .addColumn('session_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('esign_tokens_document_idx').on('esign_tokens').column('document_id').execute();

  await createAppendOnlyTriggers(db, dialect);
}

const APPEND_ONLY_MESSAGE = 'offer_events is append-only';

export async function createAppendOnlyTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create or replace function offer_events_append_only() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(APPEND_ONLY_MESSAGE)}'; end $$`.execute(db);
    await sql`create trigger offer_events_append_only before update or delete on offer_events
      for each row execute function offer_events_append_only()`.execute(db);
    return;
  }
  await sql`create trigger offer_events_no_update before update on offer_events
    begin select raise(abort, '${sql.raw(APPEND_ONLY_MESSAGE)}'); end`.execute(db);
  await sql`create trigger offer_events_no_delete before delete on offer_events
    begin select raise(abort, '${sql.raw(APPEND_ONLY_MESSAGE)}'); end`.execute(db);
}

export async function dropAppendOnlyTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists offer_events_append_only on offer_events`.execute(db);
    return;
  }
  await sql`drop trigger if exists offer_events_no_update`.execute(db);
  await sql`drop trigger if exists offer_events_no_delete`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await dropAppendOnlyTriggers(db, dialect);
  if (dialect === 'postgres') await sql`drop function if exists offer_events_append_only()`.execute(db);
  for (const table of ['esign_tokens', 'offer_events', 'offer_documents', 'offers']) {
    await db.schema.dropTable(table).execute();
  }
}
