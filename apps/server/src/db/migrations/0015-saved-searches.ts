import { type Kysely } from 'kysely';

/**
 * Issue 12 "Saved searches" and job alerts: a signed-in candidate's saved searches.
 *
 * `search` is the search's canonical parameters (query, location, filters, latlong, bounds as one
 * URL-encoded string; modules/saved-searches/saved-search-criteria.ts), unique per candidate, so "is this
 * search saved?" is one lookup. `checked_through` is the alert sweep's watermark: positions written after it
 * have not been matched against the search yet. `last_alert_on` (UTC day, YYYY-MM-DD) is the claim that keeps
 * alerts to one per search per day across processes: an alert is sent by whoever moves it forward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('search', 'text', (col) => col.notNull())
    .addColumn('alerts_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('checked_through', 'text', (col) => col.notNull())
    .addColumn('last_alert_on', 'text')
    .addUniqueConstraint('saved_searches_candidate_search_key', ['tenant_id', 'candidate_id', 'search'])
    .execute();
  await db.schema.createIndex('saved_searches_candidate_idx').on('saved_searches').columns(['tenant_id', 'candidate_id', 'created_at']).execute();
  await db.schema.createIndex('saved_searches_alerts_idx').on('saved_searches').columns(['alerts_enabled', 'tenant_id']).execute();
  // The sweep reads the positions written since a watermark.
  await db.schema.createIndex('positions_tenant_updated_idx').on('positions').columns(['tenant_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('positions_tenant_updated_idx').execute();
  await db.schema.dropTable('saved_searches').execute();
}
