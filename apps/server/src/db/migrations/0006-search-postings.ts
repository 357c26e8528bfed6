import { sql, type Kysely } from 'kysely';
import { rebuildTenantPostings } from './0006-search-postings/rebuild';
import type { Dialect } from '../database';
import { createFullTextTables } from './0002-search';
import * as searchTerms from './0004-search-terms';

/**
 * Word postings with impacts, the same on both dialects (P4: search at 1M positions; search-engine/
 * postings.ts). At a million positions the engines' own ranking was the bottleneck: SQLite FTS5 scanned
 * a head term's whole doclists twice (match, then bm25), and PostgreSQL's ts_rank read each candidate's
 * tsvector from a 1.7 GB heap. position_search_terms now holds, per tenant, field and word, segments of
 * ascending position ids (int32 little-endian) with one impact byte per id, and search reads nothing else.
 *
 * Replaces SQLite's positions_fts (migration 0002) and PostgreSQL's position_search_documents (0002) and
 * word segments (0004, same table name, other columns), then fills the table from the positions rows.
 *
 * Indexes: (tenant_id, field, word, last_id) finds a word's segments, a prefix's words as one range and a
 * word's last segment (where writes append); (tenant_id, last_id) answers "is this id indexed yet?".
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop table if exists positions_fts`.execute(db);
  } else {
    await sql`drop table if exists position_search_terms`.execute(db);
    await sql`drop table if exists position_search_documents`.execute(db);
  }
  // Byte order (SQLite's default; "C" on PostgreSQL) so a prefix is one index range, as search_term_deletes.
  const word = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('position_search_terms')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('field', 'smallint', (col) => col.notNull())
    .addColumn('word', word, (col) => col.notNull())
    .addColumn('last_id', 'integer', (col) => col.notNull())
    .addColumn('ids', bytes, (col) => col.notNull())
    .addColumn('impacts', bytes, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('position_search_terms_word_idx')
    .on('position_search_terms')
    .columns(['tenant_id', 'field', 'word', 'last_id'])
    .unique()
    .execute();
  await db.schema.createIndex('position_search_terms_last_idx').on('position_search_terms').columns(['tenant_id', 'last_id']).execute();
  if (dialect === 'postgres') {
    // Stored out of line but uncompressed: ids and impacts barely compress, and reading a head term's
    // segments would otherwise spend its time in pglz.
    await sql`alter table position_search_terms alter column ids set storage external, alter column impacts set storage external`.execute(db);
  }

  const tenants = await sql<{ id: string }>`select id from tenants order by id`.execute(db);
  for (const tenant of tenants.rows) await rebuildTenantPostings(db, dialect, tenant.id);
}

/**
 * Back to the engines' tables, empty: their documents were written by code this migration removed, so
 * a database taken down past 0006 must be re-seeded (or re-indexed by that older code) to search again.
 */
export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('position_search_terms').execute();
  await createFullTextTables(db, dialect);
  // PostgreSQL's word segments of 0004 (their backfill reads the documents, empty now); nothing on SQLite.
  await searchTerms.up(db, dialect);
}
