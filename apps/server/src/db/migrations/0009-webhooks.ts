import { sql, type Kysely } from 'kysely';

/**
 * Webhooks per tenant (issue 10 "Webhooks per tenant"): the endpoints a company registers and the outbox of
 * deliveries. A delivery row is written in the same transaction as the event it announces (an accepted offer,
 * a submitted application), so an event is announced if and only if it happened; a dispatcher in each
 * process sends due rows afterwards, never inside the candidate's request.
 *
 * The secret is kept as issued: the server signs with it (HMAC-SHA256) on every attempt, so it cannot be
 * stored hashed like an API key. It is shown once at creation and never returned by a read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    /** JSON text array of the event types subscribed to (webhook-events.ts). */
    .addColumn('event_types', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** Set when deleted: deliveries keep their endpoint for the record; nothing new is enqueued or sent. */
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_endpoints_tenant_idx').on('webhook_endpoints').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('endpoint_id', 'text', (col) => col.notNull().references('webhook_endpoints.id'))
    /** The event's id, the same for every endpoint it goes to: receivers deduplicate by it. */
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    /** The exact JSON body sent (and signed) on every attempt. */
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    /** A dispatcher's claim: until this time no other process sends the row (a crashed sender's claim lapses). */
    .addColumn('claimed_until', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
  // The expiry sweep's scan of open offers by deadline (offers-expiry.service.ts).
  await db.schema.createIndex('offers_expiry_idx').on('offers').columns(['status', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('offers_expiry_idx').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
