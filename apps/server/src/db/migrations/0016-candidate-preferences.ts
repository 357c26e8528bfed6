import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 11 "Settings and their own data" and issue 13 "Locale choice".
 *
 * - candidate_preferences: one row per candidate, written on the first save (no row: the defaults — the
 *   negotiated locale, the browser's time zone, in-app notifications on). The email preference stays in
 *   candidates.email_notifications (issue 12, migration 0011), where the notifications producer reads it.
 * - data_exports: "Download all my data" jobs. The archive (a zip) is stored in the row like offer files
 *   (0003), so any process of a PostgreSQL deployment serves the download; it is kept 24 h after it is ready.
 * - account_deletions: one row per deleted account: when, and how many rows each section removed and kept,
 *   so the company can answer "what happened to this person's data" without keeping the data itself.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('candidate_preferences')
    .addColumn('candidate_id', 'text', (col) => col.primaryKey().references('candidates.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    /** A code of packages/i18n's SUPPORTED_LOCALES, or null: negotiated per request. */
    .addColumn('locale', 'text')
    /** An IANA zone (Intl.supportedValuesOf('timeZone')), or null: the browser's. */
    .addColumn('time_zone', 'text')
    .addColumn('in_app_notifications', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'running', 'ready', 'failed')`))
    /** 0–100. */
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('archive', blob)
    .addColumn('archive_size', 'integer')
    .addColumn('archive_sha256', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('ready_at', 'text')
    /** ready_at + 24 h; past it the archive is dropped and the row reads as expired. */
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_candidate_idx').on('data_exports').columns(['tenant_id', 'candidate_id', 'created_at']).execute();

  await db.schema
    .createTable('account_deletions')
    .addColumn('candidate_id', 'text', (col) => col.primaryKey().references('candidates.id'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    /** JSON text: per section, the rows removed and the rows kept (counts only, never the data). */
    .addColumn('report', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('candidate_preferences').execute();
}
