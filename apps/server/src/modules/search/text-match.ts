import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { normalizeSearchText, titlePhrase, toFts5Query, toFts5TitlePhrase, toTsQuery, toTsTitlePhrase, type SearchTerm } from './fts-query';

/**
 * The one dialect-specific step of search (DESIGN "dialect-specific SQL (full-text search) lives behind
 * one repo function per dialect"): the positions whose text matches, with a relevance score where
 * higher is better and a title tier. Everything else — filters, places, facets, order, pages — is shared.
 */

/**
 * How a match's title relates to the query, ranked before the engine's score: someone typing "software
 * engineer" wants the job called exactly that before "Robotics Software Engineer", whatever the
 * descriptions say.
 */
export const TitleTier = { Other: 0, Phrase: 1, Exact: 2 } as const;
export type TitleTier = (typeof TitleTier)[keyof typeof TitleTier];

export interface TextMatch {
  id: number;
  score: number;
  tier: TitleTier;
}

interface ScoredRow {
  id: number;
  score: number;
  /** The title holds the query's words as a phrase: 1/0 from SQLite, a boolean from PostgreSQL. */
  phrase: number | boolean;
}

/**
 * Tiers of the scored rows: Phrase where the engine found the phrase in the title, Exact where the
 * normalised title is the query's words (checked here on the few candidate titles, with the same
 * normaliser as the index, so both dialects agree).
 */
function withTiers(rows: readonly ScoredRow[], candidates: readonly { id: number; title: string }[], phrase: string): TextMatch[] {
  const exact = new Set(candidates.filter((candidate) => normalizeSearchText(candidate.title) === phrase).map((candidate) => Number(candidate.id)));
  return rows.map((row) => {
    const id = Number(row.id);
    const tier = exact.has(id) ? TitleTier.Exact : row.phrase === true || Number(row.phrase) === 1 ? TitleTier.Phrase : TitleTier.Other;
    return { id, score: row.score, tier };
  });
}

export interface TextMatcher {
  /** The engine query the terms became (debugData). */
  describe(terms: readonly SearchTerm[]): string;
  match(tenantId: string, terms: readonly SearchTerm[]): Promise<TextMatch[]>;
}

/**
 * bm25 column weights in table order (title, skills, department, description): the title counts most
 * (issue 3 "title heaviest"), then skills and the department, then the long description.
 */
const BM25_WEIGHTS = sql.raw('10.0, 4.0, 3.0, 1.0');

/**
 * SQLite FTS5. The index is shared by tenants (rowid = position id), so other tenants' and archived
 * ids come back too; the caller keeps only ids of its tenant's search index. bm25() is negated: FTS5
 * gives better matches more negative scores.
 */
export function createSqliteTextMatcher(db: Kysely<DatabaseSchema>): TextMatcher {
  const raw = db.withoutPlugins();
  return {
    describe: (terms) => toFts5Query(terms),
    async match(tenantId, terms) {
      const query = toFts5Query(terms);
      if (query === '') return [];
      const result = await sql<ScoredRow>`
        select rowid as id, -bm25(positions_fts, ${BM25_WEIGHTS}) as score,
          rowid in (select rowid from positions_fts where positions_fts match ${toFts5TitlePhrase(terms, false)}) as phrase
        from positions_fts where positions_fts match ${query}`.execute(raw);
      // Exact titles start with the phrase: only those titles are read (a handful, even for "manager").
      const candidates = await sql<{ id: number; title: string }>`
        select id, title from positions
        where tenant_id = ${tenantId}
          and id in (select rowid from positions_fts where positions_fts match ${toFts5TitlePhrase(terms, true)})`.execute(raw);
      return withTiers(result.rows, candidates.rows, titlePhrase(terms));
    },
  };
}

/** PostgreSQL tsvector + GIN; ts_rank reads the A/B/C weights the indexer wrote. */
export function createPostgresTextMatcher(db: Kysely<DatabaseSchema>): TextMatcher {
  const raw = db.withoutPlugins();
  return {
    describe: (terms) => toTsQuery(terms),
    async match(tenantId, terms) {
      const query = toTsQuery(terms);
      if (query === '') return [];
      const phrase = toTsTitlePhrase(terms);
      const result = await sql<ScoredRow>`
        select d.position_id as id, ts_rank(d.document, q.query) as score, d.document @@ p.phrase as phrase
        from position_search_documents d, to_tsquery('simple', ${query}) as q(query), to_tsquery('simple', ${phrase}) as p(phrase)
        where d.tenant_id = ${tenantId} and d.document @@ q.query`.execute(raw);
      // An exact title has no distinct word beyond the query's: only those titles are read.
      const candidates = await sql<{ id: number; title: string }>`
        select p.id, p.title
        from position_search_documents d join positions p on p.id = d.position_id
        where d.tenant_id = ${tenantId} and d.document @@ to_tsquery('simple', ${phrase})
          and length(ts_filter(d.document, '{a}')) <= ${terms.length}`.execute(raw);
      return withTiers(result.rows, candidates.rows, titlePhrase(terms));
    },
  };
}

export function createTextMatcher(db: Kysely<DatabaseSchema>, dialect: Dialect): TextMatcher {
  return dialect === 'sqlite' ? createSqliteTextMatcher(db) : createPostgresTextMatcher(db);
}
