import type { Kysely } from 'kysely';

/**
 * tenants.sanitized_html: the tenant HTML of the config (navbar, banner, footer) sanitized when the config
 * is written, so the server renderer never needs a DOM (jsdom: ~100 MB) in the serving process (P10).
 * Rows written before stay null: the server's start fills them once, in a child process
 * (modules/tenants/tenant-html.sanitizer.ts). Plain text (JSON) on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('sanitized_html', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('sanitized_html').execute();
}
