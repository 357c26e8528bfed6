import type { Kysely } from 'kysely';

/**
 * tenants.public_origins (issue 8 §1 "The Host header reaches public, cacheable pages"): the origins a tenant is
 * served at, as a JSON array of "scheme://host[:port]" text, first one preferred. Absolute links (sitemap,
 * robots.txt, canonical links, JobPosting) are built from these or PUBLIC_ORIGIN, never from a request's Host.
 * Null: none configured (the server's own configured address is used). Plain text on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('public_origins', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('public_origins').execute();
}
