import { sql, type Kysely } from 'kysely';

/**
 * Issue 12: in-app notifications, the email outbox, the candidate's email preference and password-reset tokens.
 *
 * notifications keep the rendered English text (categoryTitle, message) beside a message key and its params,
 * so a later reader can show them in the candidate's language. email_outbox is written in the producer's
 * transaction (an email exists exactly when its event committed) and drained by a sender in each process.
 * password_reset_tokens hold SHA-256 hashes only; the token itself is only ever in the email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('notification_type', 'text', (col) => col.notNull().check(sql`notification_type in ('read_only', 'action_required')`))
    .addColumn('category_title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('message_key', 'text', (col) => col.notNull())
    /** JSON object of the message's params (strings and numbers). */
    .addColumn('message_params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('redirect_url', 'text', (col) => col.notNull())
    .addColumn('is_viewed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_clicked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_candidate_idx').on('notifications').columns(['tenant_id', 'candidate_id', 'created_at']).execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.references('candidates.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    /** Which template renders it (modules/email/email-templates.ts); rendered when sent, not when queued. */
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    /** A sender's claim: until then no other sender takes the row (a crashed sender's claim lapses). */
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('email_outbox_due_idx').on('email_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .alterTable('candidates')
    .addColumn('email_notifications', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_candidate_idx').on('password_reset_tokens').columns(['tenant_id', 'candidate_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('candidates').dropColumn('email_notifications').execute();
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('notifications').execute();
}
