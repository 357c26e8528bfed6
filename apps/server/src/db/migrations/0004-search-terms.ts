import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * PostgreSQL: position_search_terms, the positions holding each word of the search documents, for
 * matching without reading the documents (P3/P4). The GIN index finds them, but every match is then
 * fetched from the heap of position_search_documents, whose rows hold the whole tsvector (1.6 KB at the
 * demo's sizes): a head term such as "engineer" read most of the table — 60 ms at 100k positions, about
 * a second at 1M — before anything was ranked. Here a word's ids are a few rows of int arrays.
 *
 * Rows are segments: one per (tenant, field, word) and batch of indexed positions (first_id = the
 * batch's lowest id), so indexing appends rows and never rewrites a growing array. Fields, derived from
 * the tsvector's weights (search-index.writer.ts: A title, B skills and department, C description):
 *   0 the word anywhere (whole-word matches), 1 in the title, skills or department (prefix matches),
 *   2 in the title, 3 the whole title, its words in order joined by spaces (the exact-title tier).
 * ts_rank still reads the documents, for the few matches a page needs.
 *
 * SQLite needs nothing: FTS5 lists a term's ids from its own index without touching any row.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema
    .createTable('position_search_terms')
    .addColumn('tenant_id', 'text', (col) => col.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('field', 'smallint', (col) => col.notNull())
    // Byte order, so a prefix is one index range (as search_term_deletes, migration 0002).
    .addColumn('lexeme', sql`text collate "C"`, (col) => col.notNull())
    .addColumn('first_id', 'integer', (col) => col.notNull())
    .addColumn('ids', sql`integer[]`, (col) => col.notNull())
    .addPrimaryKeyConstraint('position_search_terms_pk', ['tenant_id', 'field', 'lexeme', 'first_id'])
    .execute();
  // Documents written before this migration: one segment per word (the writer's SQL, for every document).
  await sql`
    insert into position_search_terms (tenant_id, field, lexeme, first_id, ids)
    select tenant_id, field, lexeme, min(position_id), array_agg(position_id order by position_id)
    from (
      select d.tenant_id, d.position_id, f.field, t.lexeme
      from position_search_documents d
      cross join lateral unnest(d.document) as t(lexeme, positions, weights)
      cross join lateral (values (0), (1), (2)) as f(field)
      where f.field = 0 or (f.field = 1 and t.weights && array['A', 'B']) or (f.field = 2 and 'A' = any(t.weights))
      union all
      select d.tenant_id, d.position_id, 3, title.words
      from position_search_documents d
      cross join lateral (
        select string_agg(t.lexeme, ' ' order by p.position) as words
        from unnest(d.document) as t(lexeme, positions, weights)
        cross join lateral unnest(t.positions, t.weights) as p(position, weight)
        where p.weight = 'A'
      ) as title
      where title.words is not null
    ) as postings
    group by tenant_id, field, lexeme`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.schema.dropTable('position_search_terms').execute();
}
