import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { titlePhrase, TOKEN_PATTERN, type SearchTerm } from './search-terms';
import { bytesToIds, TermField } from './postings';

/**
 * Free-text matching and scoring from the word postings (postings.ts, migration 0006), the same on
 * both dialects: one statement reads the segments of the query's words, and one pass over them gives
 * every match with its score and title tier. Neither engine ranks anything (P4: at 1M positions FTS5's
 * bm25 and PostgreSQL's ts_rank were the slow part), and no second, lazy scoring step is needed.
 *
 * Reading of a query (as the FTS5 and tsquery builders it replaces): every term must match; a term
 * matches the whole word anywhere, a typo variant of it anywhere, or — from PREFIX_MIN_LENGTH letters —
 * a word it starts in the title, skills or department (search-terms.ts). A match's score is Σ over the
 * terms of idf(term) × its impact, the impact of a term with several words being the best of them.
 */

/**
 * How a match's title relates to the query, ranked before the score: someone typing "software
 * engineer" wants the job called exactly that before "Robotics Software Engineer", whatever the
 * descriptions say.
 */
export const TitleTier = { Other: 0, Phrase: 1, Exact: 2 } as const;
export type TitleTier = (typeof TitleTier)[keyof typeof TitleTier];

export interface TextMatchSet {
  /**
   * Every matching id of the tenant, ascending. Archived positions come too: the caller keeps the ids of
   * its tenant's search index only.
   */
  ids: Int32Array;
  /** Relevance, higher is better, aligned with ids. */
  scores: Float64Array;
  /** The ids whose title holds the query's words as a phrase (TitleTier.Phrase or better), ascending. */
  phraseIds: Int32Array;
  /** The ids whose normalised title is the query's words (TitleTier.Exact), ascending. */
  exactIds: Int32Array;
}

export interface TextMatcher {
  /** What the terms are matched as (debugData). */
  describe(terms: readonly SearchTerm[]): string;
  /**
   * Matches and scores; `documents` is the collection size idf is taken against (the tenant's open
   * positions), so scores compare within one index version.
   */
  match(tenantId: string, terms: readonly SearchTerm[], documents: number): Promise<TextMatchSet>;
}

const EMPTY_IDS = new Int32Array(0);
const NO_MATCH: TextMatchSet = { ids: EMPTY_IDS, scores: new Float64Array(0), phraseIds: EMPTY_IDS, exactIds: EMPTY_IDS };

/** Every string starting with `prefix` sorts before this one in byte order ("C" collation). */
const afterPrefix = (prefix: string): string => `${prefix}\u{10ffff}`;

const safeTerms = (terms: readonly SearchTerm[]): SearchTerm[] =>
  terms
    .filter((term) => TOKEN_PATTERN.test(term.token))
    .map((term) => ({ ...term, variants: term.variants.filter((variant) => variant !== term.token && TOKEN_PATTERN.test(variant)) }));

/**
 * `(engin | engin* in title/skills/department) AND (bostn | boston)`: the words each term reaches
 * (debugData's engineQuery).
 */
export function describeTerms(terms: readonly SearchTerm[]): string {
  return safeTerms(terms)
    .map((term) => {
      const options = [term.token, ...(term.prefix ? [`${term.token}* in title/skills/department`] : []), ...term.variants];
      return options.length === 1 ? term.token : `(${options.join(' | ')})`;
    })
    .join(' AND ');
}

/** BM25's idf, never negative: a word in every position still counts a little. */
export function inverseDocumentFrequency(matching: number, documents: number): number {
  const total = Math.max(documents, matching);
  return Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
}

export interface PostingRow {
  field: number;
  word: string;
  ids: Uint8Array;
  /** Empty in title rows (fields 2 and 3): only their ids are read. */
  impacts: Uint8Array;
}

/**
 * The matches, scores and title tiers of `terms` from the segments read for them (any order; rows
 * beyond the query's words are ignored). Pure, so a brute-force reference can be held against it.
 */
export function matchPostings(terms: readonly SearchTerm[], rows: readonly PostingRow[], documents: number): TextMatchSet {
  const safe = safeTerms(terms);
  if (safe.length === 0) return NO_MATCH;
  const phrase = titlePhrase(safe);
  const isOneWord = safe.length === 1;
  const paddedPhrase = ` ${phrase} `;

  // Which terms each segment serves, and the id range they span.
  const termRows: { ids: Int32Array; impacts: Uint8Array; terms: number[] }[] = [];
  const phraseRows: Int32Array[] = [];
  const exactRows: Int32Array[] = [];
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const field = Number(row.field);
    if (field === TermField.Anywhere || field === TermField.Heading) {
      const served: number[] = [];
      safe.forEach((term, at) => {
        const isServed =
          field === TermField.Anywhere
            ? term.token === row.word || term.variants.includes(row.word)
            : term.prefix && row.word !== term.token && row.word.startsWith(term.token);
        if (isServed) served.push(at);
      });
      if (served.length === 0) continue;
      const ids = bytesToIds(row.ids);
      if (ids.length === 0) continue;
      // A plain Uint8Array view, so the hot loops below see one array type (drivers hand out Buffers).
      termRows.push({ ids, impacts: new Uint8Array(row.impacts.buffer, row.impacts.byteOffset, ids.length), terms: served });
      low = Math.min(low, ids[0] as number);
      high = Math.max(high, ids[ids.length - 1] as number);
    } else if (field === TermField.Title) {
      if (isOneWord && row.word === phrase) phraseRows.push(bytesToIds(row.ids));
    } else if (field === TermField.WholeTitle) {
      if (row.word === phrase) exactRows.push(bytesToIds(row.ids));
      if (!isOneWord && ` ${row.word} `.includes(paddedPhrase)) phraseRows.push(bytesToIds(row.ids));
    }
  }
  if (termRows.length === 0) return NO_MATCH;

  // Per term, the best impact of each id in range (0: not matched) and how many ids it matches.
  const span = high - low + 1;
  const best = safe.map(() => new Uint8Array(span));
  const counts = safe.map(() => 0);
  for (const row of termRows) {
    for (const at of row.terms) counts[at] = (counts[at] as number) + keepBest(best[at] as Uint8Array, row.ids, row.impacts, low);
  }
  if (counts.some((count) => count === 0)) return NO_MATCH;

  // Rarest term first: most ids fail at the first check.
  const order = safe.map((_, at) => at).sort((a, b) => (counts[a] as number) - (counts[b] as number));
  const capacity = counts[order[0] as number] as number;
  const ids = new Int32Array(capacity);
  const scores = new Float64Array(capacity);
  const kept =
    order.length === 1
      ? collectOne(best[order[0] as number] as Uint8Array, inverseDocumentFrequency(capacity, documents), low, ids, scores)
      : collectAll(
          order.map((at) => best[at] as Uint8Array),
          order.map((at) => inverseDocumentFrequency(counts[at] as number, documents)),
          low,
          ids,
          scores,
        );
  const matched = kept === capacity ? ids : ids.slice(0, kept);
  return {
    ids: matched,
    scores: kept === capacity ? scores : scores.slice(0, kept),
    phraseIds: within(matched, isOneWord ? [...phraseRows, ...exactRows] : phraseRows, low, span),
    exactIds: within(matched, exactRows, low, span),
  };
}

/** Raises best[id - low] to each id's impact; returns how many ids were new there. */
function keepBest(best: Uint8Array, ids: Int32Array, impacts: Uint8Array, low: number): number {
  let added = 0;
  const length = ids.length;
  for (let item = 0; item < length; item += 1) {
    const slot = (ids[item] as number) - low;
    const impact = impacts[item] as number;
    const current = best[slot] as number;
    if (current === 0) {
      added += 1;
      best[slot] = impact;
    } else if (impact > current) {
      best[slot] = impact;
    }
  }
  return added;
}

/** One term: every id it matches, scored. */
function collectOne(best: Uint8Array, weight: number, low: number, ids: Int32Array, scores: Float64Array): number {
  let kept = 0;
  const span = best.length;
  for (let slot = 0; slot < span; slot += 1) {
    const impact = best[slot] as number;
    if (impact === 0) continue;
    ids[kept] = slot + low;
    scores[kept] = weight * impact;
    kept += 1;
  }
  return kept;
}

/** Several terms, rarest first: the ids every one matches, scored. */
function collectAll(lists: Uint8Array[], weights: number[], low: number, ids: Int32Array, scores: Float64Array): number {
  const rarest = lists[0] as Uint8Array;
  const rarestWeight = weights[0] as number;
  const span = rarest.length;
  let kept = 0;
  for (let slot = 0; slot < span; slot += 1) {
    const first = rarest[slot] as number;
    if (first === 0) continue;
    let score = rarestWeight * first;
    let term = 1;
    for (; term < lists.length; term += 1) {
      const impact = (lists[term] as Uint8Array)[slot] as number;
      if (impact === 0) break;
      score += (weights[term] as number) * impact;
    }
    if (term < lists.length) continue;
    ids[kept] = slot + low;
    scores[kept] = score;
    kept += 1;
  }
  return kept;
}

/** The ids of `matched` (ascending, within low .. low + span) found in any of `lists`. */
function within(matched: Int32Array, lists: readonly Int32Array[], low: number, span: number): Int32Array {
  if (lists.length === 0 || matched.length === 0) return EMPTY_IDS;
  const mark = new Uint8Array(span);
  for (const list of lists) {
    for (let at = 0; at < list.length; at += 1) {
      const slot = (list[at] as number) - low;
      if (slot >= 0 && slot < span) mark[slot] = 1;
    }
  }
  const found = new Int32Array(matched.length);
  let kept = 0;
  for (let at = 0; at < matched.length; at += 1) {
    const id = matched[at] as number;
    if (mark[id - low] === 1) found[kept++] = id;
  }
  return found.slice(0, kept);
}

/** A row as the driver returns it: bytes from SQLite, base64 text from PostgreSQL (postingsQuery). */
interface StoredPostingRow {
  field: number;
  word: string;
  ids: Uint8Array | string;
  impacts: Uint8Array | string;
}

const bytesOf = (value: Uint8Array | string): Uint8Array => (typeof value === 'string' ? Buffer.from(value, 'base64') : value);

/** The segments a query needs, in one statement: its words, its prefixes' words, its title phrase. */
function postingsQuery(dialect: Dialect, tenantId: string, terms: readonly SearchTerm[]): RawBuilder<StoredPostingRow> {
  // PostgreSQL sends bytea as hex text, which node-postgres turns into a string and decodes: base64 is a
  // third shorter and decoded natively (Buffer ignores the line breaks encode() adds) — for a head word's
  // 7 MB, 40–65 ms became 25–35 ms.
  const columns =
    dialect === 'sqlite'
      ? { ids: sql`ids`, impacts: sql`impacts`, none: sql`x''` }
      : { ids: sql`encode(ids, 'base64')`, impacts: sql`encode(impacts, 'base64')`, none: sql`''` };
  const select = sql`select field, word, ${columns.ids} as ids, ${columns.impacts} as impacts from position_search_terms where tenant_id = ${tenantId}`;
  // Title tiers need ids only: their impacts would be a fifth of a head word's bytes for nothing.
  const selectIds = sql`select field, word, ${columns.ids} as ids, ${columns.none} as impacts from position_search_terms where tenant_id = ${tenantId}`;
  const words = [...new Set(terms.flatMap((term) => [term.token, ...term.variants]))];
  const branches: RawBuilder<unknown>[] = [sql`${select} and field = ${TermField.Anywhere} and word in (${sql.join(words)})`];
  for (const term of terms) {
    if (term.prefix) branches.push(sql`${select} and field = ${TermField.Heading} and word > ${term.token} and word < ${afterPrefix(term.token)}`);
  }
  const phrase = titlePhrase(terms);
  if (terms.length === 1) {
    branches.push(sql`${selectIds} and field = ${TermField.Title} and word = ${phrase}`);
    branches.push(sql`${selectIds} and field = ${TermField.WholeTitle} and word = ${phrase}`);
  } else {
    // The few hundred distinct titles are read from the index; only those holding the phrase are fetched.
    const contains = dialect === 'sqlite' ? sql`instr(' ' || word || ' ', ${` ${phrase} `}) > 0` : sql`strpos(' ' || word || ' ', ${` ${phrase} `}) > 0`;
    branches.push(sql`${selectIds} and field = ${TermField.WholeTitle} and ${contains}`);
  }
  return sql<StoredPostingRow>`${sql.join(branches, sql` union all `)}`;
}

export function createTextMatcher(db: Kysely<DatabaseSchema>, dialect: Dialect): TextMatcher {
  const raw = db.withoutPlugins();
  return {
    describe: describeTerms,

    async match(tenantId, terms, documents) {
      const safe = safeTerms(terms);
      if (safe.length === 0) return NO_MATCH;
      const { rows } = await postingsQuery(dialect, tenantId, safe).execute(raw);
      return matchPostings(
        safe,
        rows.map((row) => ({ field: row.field, word: row.word, ids: bytesOf(row.ids), impacts: bytesOf(row.impacts) })),
        documents,
      );
    },
  };
}
