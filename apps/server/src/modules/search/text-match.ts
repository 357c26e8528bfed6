import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { normalizeSearchText, titlePhrase, TOKEN_PATTERN, toFts5Query, toFts5TitlePhrase, toTsQuery, type SearchTerm } from './fts-query';

/**
 * The dialect-specific steps of search (DESIGN "dialect-specific SQL (full-text search) lives behind
 * one repository per dialect"): which positions match the text, how their titles relate to it, and —
 * separately, for as few of them as the page needs — their relevance scores. Everything else (filters,
 * places, facets, order, pages) is shared.
 *
 * Matching and scoring are apart because scoring is the expensive step: a head term ("engineer",
 * or the company's name, which every description holds) matches most positions, and scoring all of
 * them cost 130–190 ms at 100k positions, whereas their ids cost a few milliseconds. Filters usually
 * leave few of the matches, and the page needs scores only of those in the title tier the page falls
 * in (rank-page.ts). Both steps return their rows aggregated into one string: a row per match would
 * cost more than the engine's work (about 0.5 µs each in the driver).
 */

/**
 * How a match's title relates to the query, ranked before the engine's score: someone typing "software
 * engineer" wants the job called exactly that before "Robotics Software Engineer", whatever the
 * descriptions say.
 */
export const TitleTier = { Other: 0, Phrase: 1, Exact: 2 } as const;
export type TitleTier = (typeof TitleTier)[keyof typeof TitleTier];

export interface TextMatchSet {
  /**
   * Every matching id. The SQLite index is shared by tenants, so other tenants' and archived ids may
   * come too: the caller keeps the ids of its tenant's search index only.
   */
  ids: Int32Array;
  /** The ids whose title holds the query's words as a phrase (TitleTier.Phrase or better). */
  phraseIds: Int32Array;
  /** The ids whose normalised title is the query's words (TitleTier.Exact). */
  exactIds: Int32Array;
}

export interface TextScores {
  ids: Int32Array;
  /** Relevance, higher is better, aligned with ids. */
  scores: Float64Array;
}

export interface TextMatcher {
  /** The engine query the terms became (debugData). */
  describe(terms: readonly SearchTerm[]): string;
  match(tenantId: string, terms: readonly SearchTerm[]): Promise<TextMatchSet>;
  /**
   * Scores of matching ids: of `ids` only, or of every match when `ids` is null; with `best`, only the
   * `best` highest scores and any equal to the lowest of them (the engine still scores every match, but
   * nothing else crosses to the process). Scores do not depend on which ids are asked for, so scores
   * asked for apart can be compared.
   */
  score(tenantId: string, terms: readonly SearchTerm[], ids: readonly number[] | null, best?: number): Promise<TextScores>;
}

const EMPTY_IDS = new Int32Array(0);

/** "12,7,300" (a SQL string aggregate of ids; null for none) → the ids. Parsed by hand: 100k ids in about 1 ms. */
export function parseIdList(text: string | null | undefined): Int32Array {
  if (!text) return EMPTY_IDS;
  let count = 1;
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) === 44) count += 1;
  const ids = new Int32Array(count);
  let kept = 0;
  let value = 0;
  let hasDigits = false;
  for (let at = 0; at <= text.length; at += 1) {
    const code = at < text.length ? text.charCodeAt(at) : 44;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      hasDigits = true;
    } else if (code === 44) {
      if (hasDigits) ids[kept++] = value;
      value = 0;
      hasDigits = false;
    } else {
      throw new Error(`Unexpected character in an id list at ${at}`);
    }
  }
  return kept === count ? ids : ids.slice(0, kept);
}

/** "12:0.53,7:1e-06" (id:score pairs from a SQL string aggregate) → ids and scores; missing or odd scores are 0. */
export function parseScoreList(text: string | null | undefined): TextScores {
  if (!text) return { ids: EMPTY_IDS, scores: new Float64Array(0) };
  const pairs = text.split(',');
  const ids = new Int32Array(pairs.length);
  const scores = new Float64Array(pairs.length);
  pairs.forEach((pair, at) => {
    const colon = pair.indexOf(':');
    ids[at] = Number(pair.slice(0, colon));
    const score = Number(pair.slice(colon + 1));
    scores[at] = Number.isFinite(score) && score > 0 ? score : 0;
  });
  return { ids, scores };
}

/**
 * The exact tier among candidate titles: those whose normalised title is the query's words (checked
 * here on the few candidates, with the same normaliser as the index, so both dialects agree).
 */
function exactIdsOf(candidates: readonly { id: number; title: string }[], phrase: string): Int32Array {
  return Int32Array.from(candidates.filter((candidate) => normalizeSearchText(candidate.title) === phrase).map((candidate) => Number(candidate.id)));
}

/**
 * bm25 column weights in table order (title, skills, department, description): the title counts most
 * (issue 3 "title heaviest"), then skills and the department, then the long description.
 */
const BM25_WEIGHTS = sql.raw('10.0, 4.0, 3.0, 1.0');

/**
 * SQLite FTS5. The index is shared by tenants (rowid = position id), so other tenants' and archived
 * ids come back too. bm25() is negated: FTS5 gives better matches more negative scores.
 */
export function createSqliteTextMatcher(db: Kysely<DatabaseSchema>): TextMatcher {
  const raw = db.withoutPlugins();
  return {
    describe: (terms) => toFts5Query(terms),

    async match(tenantId, terms) {
      const query = toFts5Query(terms);
      if (query === '') return { ids: EMPTY_IDS, phraseIds: EMPTY_IDS, exactIds: EMPTY_IDS };
      const ids = (text: string) => sql<{ ids: string | null }>`select group_concat(rowid) as ids from positions_fts where positions_fts match ${text}`.execute(raw);
      // Apart, not as `rowid in (…)` within the first: probing a set of 60k title matches ("engineer")
      // cost SQLite more than both lists, and membership is a typed-array lookup here.
      const matched = await ids(query);
      const phrase = await ids(toFts5TitlePhrase(terms, false));
      // Exact titles start with the phrase: only those titles are read (a handful, even for "manager").
      const candidates = await sql<{ id: number; title: string }>`
        select id, title from positions
        where tenant_id = ${tenantId}
          and id in (select rowid from positions_fts where positions_fts match ${toFts5TitlePhrase(terms, true)})`.execute(raw);
      return {
        ids: parseIdList(matched.rows[0]?.ids),
        phraseIds: parseIdList(phrase.rows[0]?.ids),
        exactIds: exactIdsOf(candidates.rows, titlePhrase(terms)),
      };
    },

    async score(_tenantId, terms, ids, best) {
      const query = toFts5Query(terms);
      if (query === '' || (ids !== null && ids.length === 0)) return parseScoreList(null);
      // `+rowid`: the ids only filter the scan of the matches. As a constraint FTS5 would look each id up
      // with a query of its own, and bm25 would recount every phrase's documents for each (seconds).
      // Materialised, because bm25() is only defined in a query over the FTS table itself.
      const { rows } = await sql<{ scores: string | null }>`
        with matched as materialized (
          select rowid as id, -bm25(positions_fts, ${BM25_WEIGHTS}) as score from positions_fts
          where positions_fts match ${query}
            ${ids === null ? sql`` : sql`and +rowid in (select value from json_each(${JSON.stringify(ids)}))`}
        )
        select group_concat(id || ':' || score) as scores from matched
        ${best === undefined ? sql`` : sql`where score >= coalesce((select score from matched order by score desc limit 1 offset ${best - 1}), -1e308)`}`.execute(raw);
      return parseScoreList(rows[0]?.scores);
    },
  };
}

/**
 * The ids in every one of `lists` (each may repeat ids), ascending: a counter per id in a table as long
 * as the highest id — position ids are one dense sequence.
 */
export function intersectIdLists(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 0) return EMPTY_IDS;
  let highest = 0;
  for (const list of lists) for (const id of list) if (id > highest) highest = id;
  const seen = new Uint8Array(highest + 1);
  lists.forEach((list, at) => {
    for (const id of list) if (seen[id] === at) seen[id] = at + 1;
  });
  const kept: number[] = [];
  for (let id = 0; id <= highest; id += 1) if (seen[id] === lists.length) kept.push(id);
  return Int32Array.from(kept);
}

/** Every string starting with `prefix` sorts before this one in byte order ("C" collation). */
const afterPrefix = (prefix: string): string => `${prefix}\u{10ffff}`;

/**
 * PostgreSQL: matching reads the word segments of position_search_terms (migration 0004), never the
 * documents — the GIN index would find a head term's documents, but fetching each from the heap cost
 * 60 ms at 100k positions. ts_rank reads the A/B/C weights the indexer wrote, for the few a page needs.
 */
export function createPostgresTextMatcher(db: Kysely<DatabaseSchema>): TextMatcher {
  const raw = db.withoutPlugins();
  return {
    describe: (terms) => toTsQuery(terms),

    async match(tenantId, terms) {
      const safe = terms.filter((term) => TOKEN_PATTERN.test(term.token));
      if (safe.length === 0) return { ids: EMPTY_IDS, phraseIds: EMPTY_IDS, exactIds: EMPTY_IDS };
      // The tsquery's own reading (toTsQuery): a prefix in the title, skills or department, the whole
      // word or a typo variant anywhere; every term must match.
      const conditions = safe.map((term) => {
        const words = [term.token, ...term.variants.filter((variant) => TOKEN_PATTERN.test(variant))];
        const whole = sql`(field = 0 and lexeme = any(${words}::text[]))`;
        return term.prefix ? sql`(${whole} or (field = 1 and lexeme >= ${term.token} and lexeme < ${afterPrefix(term.token)}))` : whole;
      });
      const phrase = titlePhrase(safe);
      // Title tiers from the whole titles (field 3): the phrase's words in order at word boundaries, or
      // the title itself. One word needs no scan: its title field (2) lists the titles holding it.
      const phraseCondition =
        safe.length === 1 ? sql`field = 2 and lexeme = ${phrase}` : sql`field = 3 and strpos(' ' || lexeme || ' ', ${` ${phrase} `}) > 0`;
      const ids = (condition: RawBuilder<unknown>) => sql`string_agg(array_to_string(ids, ','), ',') filter (where ${condition})`;
      const { rows } = await sql<Record<string, string | null>>`
        select ${sql.join(conditions.map((condition, at) => sql`${ids(condition)} as ${sql.ref(`term${at}`)}`))},
          ${ids(phraseCondition)} as phrase, ${ids(sql`field = 3 and lexeme = ${phrase}`)} as exact
        from position_search_terms
        where tenant_id = ${tenantId} and (${sql.join(conditions, sql` or `)} or ${safe.length === 1 ? sql`(field = 2 and lexeme = ${phrase})` : sql`field = 3`} or (field = 3 and lexeme = ${phrase}))`.execute(raw);
      const row = rows[0] ?? {};
      const matched = intersectIdLists(safe.map((_, at) => parseIdList(row[`term${at}`])));
      return {
        ids: matched,
        phraseIds: intersectIdLists([matched, parseIdList(row.phrase)]),
        exactIds: intersectIdLists([matched, parseIdList(row.exact)]),
      };
    },

    // Given ids are matches already: looked up by key, not found again through the GIN index.
    async score(tenantId, terms, ids, best) {
      const query = toTsQuery(terms);
      if (query === '' || (ids !== null && ids.length === 0)) return parseScoreList(null);
      const { rows } = await sql<{ scores: string | null }>`
        with scored as materialized (
          select d.position_id as id, ts_rank(d.document, q.query) as score
          from position_search_documents d, to_tsquery('simple', ${query}) as q(query)
          where d.tenant_id = ${tenantId}
            and ${ids === null ? sql`d.document @@ q.query` : sql`d.position_id = any(${[...ids]}::int[])`}
        )
        select string_agg(id::text || ':' || score::text, ',') as scores from scored
        ${best === undefined ? sql`` : sql`where score >= coalesce((select score from scored order by score desc limit 1 offset ${best - 1}), '-infinity')`}`.execute(raw);
      return parseScoreList(rows[0]?.scores);
    },
  };
}

export function createTextMatcher(db: Kysely<DatabaseSchema>, dialect: Dialect): TextMatcher {
  return dialect === 'sqlite' ? createSqliteTextMatcher(db) : createPostgresTextMatcher(db);
}
