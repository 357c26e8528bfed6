import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Job search, saved jobs and the job cart (issue 3).
 *
 * - position_locations: every place a position can be done from (1–3 in the demo), ordinal 0 first.
 * - Full text, one store per dialect behind one repository interface (DESIGN "Search"):
 *   SQLite: positions_fts, a contentless FTS5 table (rowid = position id) over title, skills,
 *   department and description, holding the text already normalised by search/fts-query.ts; the
 *   `ascii` tokenizer then splits exactly on the spaces the normaliser wrote, so index and query
 *   tokens are the same on both dialects. bm25 column weights are given at query time.
 *   PostgreSQL: position_search_documents, a tsvector per position (title A, skills and department B,
 *   description C) with a GIN index. It is written by the indexer rather than generated, because a
 *   generated column could not run the shared normaliser (diacritics folded the same way as queries;
 *   PostgreSQL has no unaccent by default). A table apart keeps `positions` rows identical on both
 *   dialects.
 * - search_term_deletes: the typo-tolerance vocabulary (fts-query.ts, SymSpell deletions) per tenant.
 * - search_index_versions: a fresh random version whenever a tenant's positions change; the in-memory
 *   search index and the hot-query caches of every process compare it on each search. Random, not a
 *   counter, so a reset and reseed can never bring back a version a running process still caches.
 * - positions_search_facets_idx: a covering index holding exactly the columns the search index loads
 *   (the narrow "facet table"), so loading 100k positions never reads their descriptions.
 * - saved_positions, job_cart_items: per tenant and candidate, one row per position.
 * - candidate_profiles: the profile facts match_details compares (title, skills); the profile
 *   feature will own their editing.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('position_locations')
    .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('region', 'text')
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lng', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('position_locations_pk', ['position_id', 'ordinal'])
    .execute();
  // The search index loads a tenant's places in one range scan.
  await db.schema
    .createIndex('position_locations_tenant_idx')
    .on('position_locations')
    .columns(['tenant_id', 'position_id', 'ordinal'])
    .execute();

  await db.schema
    .createIndex('positions_search_facets_idx')
    .on('positions')
    .columns(['tenant_id', 'archived_at', 'id', 'department', 'employment_type', 'seniority', 'is_remote', 'posted_at'])
    .execute();
  // position_insights "team size": positions per department.
  await db.schema.createIndex('positions_tenant_department_idx').on('positions').columns(['tenant_id', 'department']).execute();

  await createFullTextTables(db, dialect);

  // Byte order (SQLite's default; "C" on PostgreSQL) so a prefix is one index range on both dialects.
  const word = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  await db.schema
    .createTable('search_term_deletes')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('variant', word, (col) => col.notNull())
    .addColumn('term', word, (col) => col.notNull())
    .addColumn('documents', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_term_deletes_pk', ['tenant_id', 'variant', 'term'])
    .execute();

  await db.schema
    .createTable('search_index_versions')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  for (const table of ['saved_positions', 'job_cart_items']) {
    await db.schema
      .createTable(table)
      .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('candidate_id', 'text', (col) => col.notNull().references('candidates.id').onDelete('cascade'))
      .addColumn('position_id', 'integer', (col) => col.notNull().references('positions.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addUniqueConstraint(`${table}_unique`, ['tenant_id', 'candidate_id', 'position_id'])
      .execute();
    await db.schema
      .createIndex(`${table}_candidate_created_idx`)
      .on(table)
      .columns(['tenant_id', 'candidate_id', 'created_at'])
      .execute();
  }

  await db.schema
    .createTable('candidate_profiles')
    .addColumn('candidate_id', 'text', (col) => col.primaryKey().references('candidates.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('title', 'text')
    /** JSON text array of skill names. */
    .addColumn('skills', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of ['candidate_profiles', 'job_cart_items', 'saved_positions', 'search_index_versions', 'search_term_deletes']) {
    await db.schema.dropTable(table).execute();
  }
  if (dialect === 'sqlite') await sql`drop table positions_fts`.execute(db);
  else await db.schema.dropTable('position_search_documents').execute();
  await db.schema.dropIndex('positions_tenant_department_idx').execute();
  await db.schema.dropIndex('positions_search_facets_idx').execute();
  await db.schema.dropTable('position_locations').execute();
}

/**
 * The engines' full-text tables: FTS5 on SQLite, tsvector documents on PostgreSQL. Migration 0006 replaced
 * them with word postings; its down() puts them back (empty) with this.
 */
export async function createFullTextTables(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`
      create virtual table positions_fts using fts5(
        title, skills, department, description,
        content='', contentless_delete=1, tokenize='ascii', prefix='3'
      )`.execute(db);
  } else {
    await db.schema
      .createTable('position_search_documents')
      .addColumn('position_id', 'integer', (col) => col.primaryKey().references('positions.id').onDelete('cascade'))
      .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('document', sql`tsvector`, (col) => col.notNull())
      .execute();
    await sql`create index position_search_documents_gin on position_search_documents using gin (document)`.execute(db);
  }
}
