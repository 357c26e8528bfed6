import { type Kysely } from 'kysely';

/**
 * Issue 12 "alerts for signed-out visitors" (spec §3 loggedOutNotificationConfig): job alerts for a visitor with
 * only an email, by double opt-in. `search` has the saved-search shape (canonical URL-encoded parameters);
 * `token_hash` is the SHA-256 of the confirmation token the email carries (the token itself is never stored
 * outside the outbox row); `status` pending → confirmed → unsubscribed; a pending row older than 7 days is
 * expired (it never confirms and no longer counts). `checked_through` and `last_alert_on` are the sweep's
 * watermark and daily claim, as in saved_searches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guest_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('checked_through', 'text', (col) => col.notNull())
    .addColumn('last_alert_on', 'text')
    .execute();
  await db.schema.createIndex('guest_alerts_email_idx').on('guest_alerts').columns(['tenant_id', 'email', 'status']).execute();
  await db.schema.createIndex('guest_alerts_status_idx').on('guest_alerts').columns(['status', 'tenant_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guest_alerts').execute();
}
