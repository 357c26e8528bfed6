import { randomUUID } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { deletionVariants, isTypoTolerant, MAX_TOKEN_LENGTH, normalizeSearchText, TYPO_MIN_LENGTH } from './search-terms';
import { bytesToIds, idsToBytes, impactsToBytes, PostingsBuilder, SEGMENT_MAX_IDS, type NormalisedText, type PostingSegment } from './postings';

/**
 * Writes what search reads besides the positions rows: the word postings (position_search_terms,
 * migration 0006; postings.ts), the typo vocabulary and the tenant's index version. Whoever adds or
 * changes positions calls it in the same transaction, then bumps the version so every process drops
 * its in-memory index and hot-query caches for that tenant. Archiving needs no postings change: the
 * in-memory index holds open positions only, and matches outside it are dropped (text-matches.ts).
 */

export interface IndexablePosition {
  id: number;
  tenantId: string;
  title: string;
  skills: readonly string[];
  department: string;
  description: string;
}

/** Rows per multi-row insert: 500 × 6 parameters stays far under both dialects' limits. */
const BATCH_ROWS = 500;
/** Segment bytes per multi-row insert (ids and impacts): bounds one statement's size. */
const SEGMENT_INSERT_BYTES = 8 * 1024 * 1024;
/** Words whose last segment is read and rewritten per round trip when postings are appended. */
const FILL_CHUNK_WORDS = 300;
/** Positions read per query when a tenant's postings are rebuilt. */
const REBUILD_CHUNK_ROWS = 5000;
/** Typo candidates are one edit from a query word of TYPO_MIN_LENGTH letters, so shorter words never qualify. */
const VOCABULARY_MIN_LENGTH = TYPO_MIN_LENGTH - 1;
/**
 * Every token fits: "does any indexed word start with this query word?" (search.service.ts) must be
 * answerable from the vocabulary for any query word of TYPO_MIN_LENGTH letters or more.
 */
const VOCABULARY_MAX_LENGTH = MAX_TOKEN_LENGTH;

/** A position's text as the postings and the vocabulary read it. */
export function normalisePosition(position: Omit<IndexablePosition, 'id' | 'tenantId'>): NormalisedText {
  return {
    title: normalizeSearchText(position.title),
    skills: normalizeSearchText(position.skills.join(' ')),
    department: normalizeSearchText(position.department),
    description: normalizeSearchText(position.description),
  };
}

/** Whether typo tolerance may ever suggest `word` or need to know it exists (see VOCABULARY_MIN_LENGTH). */
export function isVocabularyWord(word: string): boolean {
  if (word.length < VOCABULARY_MIN_LENGTH || word.length > VOCABULARY_MAX_LENGTH) return false;
  // Four-letter words are kept as candidates for five-letter typos; numbers never are.
  return word.length >= TYPO_MIN_LENGTH ? isTypoTolerant(word) : !/^\p{N}+$/u.test(word);
}

interface WordCount {
  /** Documents holding the word; UNFIT for words typo tolerance never suggests. */
  documents: number;
  /** The last document counted: a word counts once per document. */
  lastDocument: number;
}

const UNFIT = -1;

/**
 * Document frequencies of the words typo tolerance may suggest, per tenant, gathered while indexing.
 * One map lookup per word of four letters or more (P9: the seed counts every word of every document).
 */
export class VocabularyCounter {
  private readonly counts = new Map<string, Map<string, WordCount>>();
  private documents = 0;

  add(tenantId: string, document: NormalisedText): void {
    let tenant = this.counts.get(tenantId);
    if (!tenant) {
      tenant = new Map();
      this.counts.set(tenantId, tenant);
    }
    this.documents += 1;
    const documentNumber = this.documents;
    for (const text of [document.title, document.skills, document.department, document.description]) {
      for (let start = 0; start < text.length; ) {
        let end = text.indexOf(' ', start);
        if (end < 0) end = text.length;
        // Most words of a description are short: judged by length before slicing.
        const word = end - start >= VOCABULARY_MIN_LENGTH ? text.slice(start, end) : '';
        start = end + 1;
        if (word === '') continue;
        const known = tenant.get(word);
        if (known === undefined) {
          tenant.set(word, { documents: isVocabularyWord(word) ? 1 : UNFIT, lastDocument: documentNumber });
        } else if (known.lastDocument !== documentNumber) {
          known.lastDocument = documentNumber;
          if (known.documents !== UNFIT) known.documents += 1;
        }
      }
    }
  }

  entries(tenantId: string): [string, number][] {
    const entries: [string, number][] = [];
    for (const [word, count] of this.counts.get(tenantId) ?? []) if (count.documents !== UNFIT) entries.push([word, count.documents]);
    return entries;
  }
}

/**
 * Raw SQL throughout: it runs on the app's connection (CamelCasePlugin) and in migration 0006 (none),
 * so no name may depend on the plugin — every selected column is one lower-case word.
 */
type Executor = Kysely<DatabaseSchema>;

/** New segment rows, a few megabytes per statement. */
async function insertSegments(db: Executor, segments: readonly PostingSegment[]): Promise<void> {
  let pending: PostingSegment[] = [];
  let bytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const rows = pending.map(
      (segment) =>
        sql`(${segment.tenantId}, ${segment.field}, ${segment.word}, ${segment.ids[segment.ids.length - 1] ?? 0}, ${idsToBytes(segment.ids)}, ${impactsToBytes(segment.impacts)})`,
    );
    await sql`insert into position_search_terms (tenant_id, field, word, last_id, ids, impacts) values ${sql.join(rows)}`.execute(db);
    pending = [];
    bytes = 0;
  };
  for (const segment of segments) {
    pending.push(segment);
    bytes += segment.ids.byteLength + segment.impacts.byteLength;
    if (pending.length === BATCH_ROWS || bytes >= SEGMENT_INSERT_BYTES) await flush();
  }
  await flush();
}

/**
 * PostgreSQL: one writer of a tenant's postings at a time (read the last segment, append, write it
 * back); SQLite has a single writer anyway.
 */
export async function lockTenantPostings(db: Executor, dialect: Dialect, tenantId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`position_search_terms:${tenantId}`}))`.execute(db);
}

/**
 * Appends segments to what is stored: each word's ids fill its last stored segment up to
 * SEGMENT_MAX_IDS, the rest start new ones. Every id must be above the word's stored ids (new
 * positions; ids are one ascending sequence): anything else is a caller's error, thrown.
 */
async function appendSegments(db: Executor, dialect: Dialect, segments: readonly PostingSegment[]): Promise<void> {
  const byTenant = new Map<string, PostingSegment[]>();
  for (const segment of segments) {
    const tenantSegments = byTenant.get(segment.tenantId);
    if (tenantSegments) tenantSegments.push(segment);
    else byTenant.set(segment.tenantId, [segment]);
  }
  const length = dialect === 'sqlite' ? sql.raw('length') : sql.raw('octet_length');
  for (const [tenantId, tenantSegments] of byTenant) {
    await lockTenantPostings(db, dialect, tenantId);
    // The last segment of every word of the tenant (a few thousand index entries).
    const { rows } = await sql<{ field: number; word: string; lastid: number; count: number }>`
      select s.field, s.word, s.last_id as lastid, ${length}(s.ids) / 4 as count from position_search_terms s
      where s.tenant_id = ${tenantId}
        and s.last_id = (select max(t.last_id) from position_search_terms t where t.tenant_id = s.tenant_id and t.field = s.field and t.word = s.word)`.execute(db);
    const last = new Map(rows.map((row) => [`${row.field}\u0000${row.word}`, { lastId: Number(row.lastid), count: Number(row.count) }]));
    const fresh: PostingSegment[] = [];
    /** Segments whose first ids fill a word's stored last segment (read and rewritten in chunks below). */
    const fills: { segment: PostingSegment; lastId: number; count: number; take: number }[] = [];
    for (const segment of tenantSegments) {
      const key = `${segment.field}\u0000${segment.word}`;
      const stored = last.get(key);
      let from = 0;
      if (stored !== undefined) {
        if ((segment.ids[0] ?? 0) <= stored.lastId) throw new Error(`Postings of "${segment.word}" must be appended above id ${stored.lastId}`);
        const room = SEGMENT_MAX_IDS - stored.count;
        if (room > 0) {
          from = Math.min(room, segment.ids.length);
          fills.push({ segment, lastId: stored.lastId, count: stored.count, take: from });
        }
      }
      for (let start = from; start < segment.ids.length; start += SEGMENT_MAX_IDS) {
        const end = Math.min(start + SEGMENT_MAX_IDS, segment.ids.length);
        fresh.push({ ...segment, ids: segment.ids.subarray(start, end), impacts: segment.impacts.subarray(start, end) });
      }
      last.set(key, { lastId: segment.ids[segment.ids.length - 1] ?? 0, count: SEGMENT_MAX_IDS });
    }
    // A few hundred words per round trip: an import appended to a large tenant fills thousands (P9).
    for (let start = 0; start < fills.length; start += FILL_CHUNK_WORDS) {
      const chunk = fills.slice(start, start + FILL_CHUNK_WORDS);
      const keys = chunk.map(({ segment, lastId }) => sql`(cast(${segment.field} as integer), cast(${segment.word} as text), cast(${lastId} as integer))`);
      const current = await sql<{ field: number; word: string; lastid: number; ids: Uint8Array; impacts: Uint8Array }>`
        select field, word, last_id as lastid, ids, impacts from position_search_terms
        where tenant_id = ${tenantId} and (field, word, last_id) in (values ${sql.join(keys)})`.execute(db);
      const rowOf = new Map(current.rows.map((row) => [`${Number(row.field)}\u0000${row.word}\u0000${Number(row.lastid)}`, row]));
      const updates = chunk.map(({ segment, lastId, count, take }) => {
        const row = rowOf.get(`${segment.field}\u0000${segment.word}\u0000${lastId}`);
        if (row === undefined) throw new Error('The last segment vanished');
        const ids = new Int32Array(count + take);
        ids.set(bytesToIds(row.ids));
        ids.set(segment.ids.subarray(0, take), count);
        const impacts = new Uint8Array(count + take);
        impacts.set(row.impacts);
        impacts.set(segment.impacts.subarray(0, take), count);
        return { field: segment.field, word: segment.word, lastId, newLastId: ids[ids.length - 1] ?? 0, ids: idsToBytes(ids), impacts: impactsToBytes(impacts) };
      });
      if (dialect === 'postgres') {
        await sql`
          update position_search_terms as s set ids = v.ids, impacts = v.impacts, last_id = v.new_last
          from unnest(${updates.map((update) => update.field)}::int2[], ${updates.map((update) => update.word)}::text[], ${updates.map((update) => update.lastId)}::int4[],
            ${updates.map((update) => update.newLastId)}::int4[], ${updates.map((update) => update.ids)}::bytea[], ${updates.map((update) => update.impacts)}::bytea[])
            as v(field, word, old_last, new_last, ids, impacts)
          where s.tenant_id = ${tenantId} and s.field = v.field and s.word = v.word and s.last_id = v.old_last`.execute(db);
      } else {
        for (const update of updates) {
          await sql`
            update position_search_terms set ids = ${update.ids}, impacts = ${update.impacts}, last_id = ${update.newLastId}
            where tenant_id = ${tenantId} and field = ${update.field} and word = ${update.word} and last_id = ${update.lastId}`.execute(db);
        }
      }
    }
    await insertSegments(db, fresh);
  }
}

/**
 * Rebuilds a tenant's postings from its positions rows (every position, archived ones included: the
 * in-memory index filters those). For positions indexed again, and for migration 0006's backfill.
 */
export async function rebuildTenantPostings(db: Executor, dialect: Dialect, tenantId: string): Promise<void> {
  await lockTenantPostings(db, dialect, tenantId);
  await sql`delete from position_search_terms where tenant_id = ${tenantId}`.execute(db);
  const builder = new PostingsBuilder();
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; title: string; skills: string; department: string; description: string }>`
      select id, title, skills, department, description from positions
      where tenant_id = ${tenantId} and id > ${after} order by id limit ${REBUILD_CHUNK_ROWS}`.execute(db);
    for (const row of rows) {
      const skills = JSON.parse(row.skills) as string[];
      builder.add(Number(row.id), tenantId, normalisePosition({ title: row.title, skills: Array.isArray(skills) ? skills : [], department: row.department, description: row.description }));
    }
    await insertSegments(db, builder.takeFull());
    if (rows.length < REBUILD_CHUNK_ROWS) break;
    after = Number(rows[rows.length - 1]?.id ?? after);
  }
  await insertSegments(db, builder.takeAll());
}

/**
 * SQLite bulk import (the seed, P9): counts each position's words into `vocabulary` and adds its
 * postings to `postings`; the caller writes full segments inside its batch transactions
 * (createSqliteSegmentWriter) and the rest at the end (SearchIndexWriter.writePostings).
 */
export function createBulkIndexer(vocabulary: VocabularyCounter, postings: PostingsBuilder): (position: IndexablePosition) => void {
  return (position) => {
    const document = normalisePosition(position);
    vocabulary.add(position.tenantId, document);
    postings.add(position.id, position.tenantId, document);
  };
}

/** Inserts new segments through one prepared statement on the raw SQLite connection (inside a bulk transaction). */
export function createSqliteSegmentWriter(sqlite: SqliteDatabase.Database): (segments: readonly PostingSegment[]) => void {
  const insert = sqlite.prepare('insert into position_search_terms (tenant_id, field, word, last_id, ids, impacts) values (?, ?, ?, ?, ?, ?)');
  return (segments) => {
    for (const segment of segments) {
      insert.run(segment.tenantId, segment.field, segment.word, segment.ids[segment.ids.length - 1] ?? 0, idsToBytes(segment.ids), impactsToBytes(segment.impacts));
    }
  };
}

export interface SearchIndexWriter {
  /**
   * Postings of positions as stored in this transaction (their rows written first); counts their words
   * into `vocabulary` when given. New positions (ids above every indexed one) are appended; positions
   * indexed again rebuild their tenants' postings, so their old words stop matching.
   */
  indexPositions(db: Kysely<DatabaseSchema>, positions: readonly IndexablePosition[], vocabulary?: VocabularyCounter): Promise<void>;
  /**
   * Appends what a bulk import built (full segments and the rest); every id must be new (above the
   * stored ids of its words).
   */
  writePostings(db: Kysely<DatabaseSchema>, segments: readonly PostingSegment[]): Promise<void>;
  /** Replaces a tenant's typo vocabulary with the counted words and their deletion variants. */
  writeVocabulary(db: Kysely<DatabaseSchema>, tenantId: string, vocabulary: VocabularyCounter): Promise<void>;
  /** Tells every process that the tenant's positions changed. */
  bumpVersion(db: Kysely<DatabaseSchema>, tenantId: string, at: Date): Promise<void>;
  /** Empties every tenant's postings (database reset). */
  clearPostings(db: Kysely<DatabaseSchema>): Promise<void>;
}

export function createSearchIndexWriter(dialect: Dialect): SearchIndexWriter {
  return {
    async indexPositions(db, positions, vocabulary) {
      const builder = new PostingsBuilder();
      const sorted = [...positions].sort((a, b) => a.id - b.id);
      const rebuild = new Set<string>();
      const lowest = new Map<string, number>();
      for (const position of sorted) if (!lowest.has(position.tenantId)) lowest.set(position.tenantId, position.id);
      for (const [tenantId, id] of lowest) {
        const row = await sql<{ lastid: number | null }>`select max(last_id) as lastid from position_search_terms where tenant_id = ${tenantId}`.execute(db);
        const lastId = row.rows[0]?.lastid;
        if (lastId !== null && lastId !== undefined && id <= Number(lastId)) rebuild.add(tenantId);
      }
      for (const position of sorted) {
        const document = normalisePosition(position);
        vocabulary?.add(position.tenantId, document);
        if (!rebuild.has(position.tenantId)) builder.add(position.id, position.tenantId, document);
      }
      for (const tenantId of rebuild) await rebuildTenantPostings(db, dialect, tenantId);
      await appendSegments(db, dialect, builder.takeAll());
    },

    writePostings: (db, segments) => appendSegments(db, dialect, segments),

    async writeVocabulary(db, tenantId, vocabulary) {
      await db.deleteFrom('searchTermDeletes').where('tenantId', '=', tenantId).execute();
      let pending: { tenantId: string; variant: string; term: string; documents: number }[] = [];
      const flush = async () => {
        if (pending.length > 0) await db.insertInto('searchTermDeletes').values(pending).execute();
        pending = [];
      };
      for (const [term, documents] of vocabulary.entries(tenantId)) {
        for (const variant of deletionVariants(term)) {
          pending.push({ tenantId, variant, term, documents });
          if (pending.length === BATCH_ROWS) await flush();
        }
      }
      await flush();
    },

    async bumpVersion(db, tenantId, at) {
      const version = randomUUID();
      await db
        .insertInto('searchIndexVersions')
        .values({ tenantId, version, updatedAt: at.toISOString() })
        .onConflict((conflict) => conflict.column('tenantId').doUpdateSet({ version, updatedAt: at.toISOString() }))
        .execute();
    },

    async clearPostings(db) {
      await sql`delete from position_search_terms`.execute(db);
    },
  };
}
