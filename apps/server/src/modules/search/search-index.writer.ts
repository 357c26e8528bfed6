import { randomUUID } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { deletionVariants, isTypoTolerant, MAX_TOKEN_LENGTH, normalizeSearchText, TYPO_MIN_LENGTH } from './fts-query';
import { documentWords, TermSegments, tsvectorLiteral } from './postgres-document';

/**
 * Writes what search reads besides the positions rows (migration 0002): the full-text documents (one
 * function per dialect), the typo vocabulary and the tenant's index version. Whoever adds, changes or
 * archives positions calls it in the same transaction, then bumps the version so every process drops
 * its in-memory index and hot-query caches for that tenant.
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
/** Word segments per insert: 5 parameters each, under PostgreSQL's 65,535. */
const SEGMENT_ROWS = 10_000;
/** Typo candidates are one edit from a query word of TYPO_MIN_LENGTH letters, so shorter words never qualify. */
const VOCABULARY_MIN_LENGTH = TYPO_MIN_LENGTH - 1;
/**
 * Every token fits: "does any indexed word start with this query word?" (search.service.ts) must be
 * answerable from the vocabulary for any query word of TYPO_MIN_LENGTH letters or more.
 */
const VOCABULARY_MAX_LENGTH = MAX_TOKEN_LENGTH;

interface NormalisedDocument {
  title: string;
  skills: string;
  department: string;
  description: string;
}

function normalise(position: IndexablePosition): NormalisedDocument {
  return {
    title: normalizeSearchText(position.title),
    skills: normalizeSearchText(position.skills.join(' ')),
    department: normalizeSearchText(position.department),
    description: normalizeSearchText(position.description),
  };
}

/** Whether typo tolerance may ever suggest `word` or need to know it exists (see VOCABULARY_MIN_LENGTH). */
function isVocabularyWord(word: string): boolean {
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

  add(tenantId: string, document: NormalisedDocument): void {
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

type DocumentWriter = (db: Kysely<DatabaseSchema>, rows: { id: number; tenantId: string; document: NormalisedDocument }[]) => Promise<void>;

const writeSqliteDocuments: DocumentWriter = async (db, rows) => {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db
      .insertInto('positionsFts')
      .values(rows.slice(start, start + BATCH_ROWS).map(({ id, document }) => ({ rowid: id, ...document })))
      .execute();
  }
};

/**
 * The word segments of position_search_terms (migration 0004) for the documents `documents` selects,
 * derived from their tsvectors: fields 0 anywhere, 1 title/skills/department (weights A, B), 2 title
 * (A), 3 the whole title (A positions in order) — what termEntries gives for new documents. For a
 * rebuild only: the SQL reads every word of every document, 50–60 µs each.
 */
function insertTermSegments(db: Kysely<DatabaseSchema>, documents: RawBuilder<unknown>) {
  return sql`
    insert into position_search_terms (tenant_id, field, lexeme, first_id, ids)
    select tenant_id, field, lexeme, min(position_id), array_agg(position_id order by position_id)
    from (
      select d.tenant_id, d.position_id, f.field, t.lexeme
      from position_search_documents d
      cross join lateral unnest(d.document) as t(lexeme, positions, weights)
      cross join lateral (values (0), (1), (2)) as f(field)
      where ${documents}
        and (f.field = 0 or (f.field = 1 and t.weights && array['A', 'B']) or (f.field = 2 and 'A' = any(t.weights)))
      union all
      select d.tenant_id, d.position_id, 3, title.words
      from position_search_documents d
      cross join lateral (
        select string_agg(t.lexeme, ' ' order by p.position) as words
        from unnest(d.document) as t(lexeme, positions, weights)
        cross join lateral unnest(t.positions, t.weights) as p(position, weight)
        where p.weight = 'A'
      ) as title
      where ${documents} and title.words is not null
    ) as postings
    group by tenant_id, field, lexeme`.execute(db);
}

const writePostgresDocuments: DocumentWriter = async (db, rows) => {
  const ids = rows.map((row) => row.id);
  // Positions indexed again (an upsert below) would leave their old words' segments behind: then the
  // segments of their tenants are rebuilt from the documents instead of appended to.
  const reindexed = await db
    .selectFrom('positionSearchDocuments')
    .select('tenantId')
    .distinct()
    .where('positionId', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db
      .insertInto('positionSearchDocuments')
      // Weights: A title, B skills and department, C description (issue 3; ts_rank reads them).
      .values(rows.slice(start, start + BATCH_ROWS).map(({ id, tenantId, document }) => ({ positionId: id, tenantId, document: sql`${tsvectorLiteral(documentWords(document))}::tsvector` })))
      .onConflict((conflict) => conflict.column('positionId').doUpdateSet({ document: sql`excluded.document` }))
      .execute();
  }
  const raw = db.withoutPlugins();
  if (reindexed.length > 0) {
    const tenants = [...new Set([...reindexed.map((row) => row.tenantId), ...rows.map((row) => row.tenantId)])];
    await sql`delete from position_search_terms where tenant_id = any(${tenants}::text[])`.execute(raw);
    await insertTermSegments(raw, sql`d.tenant_id = any(${tenants}::text[])`);
    return;
  }
  // One segment per (tenant, field, word) for all the rows of this call (the seed indexes 10k at a time).
  const segments = new TermSegments();
  for (const { id, tenantId, document } of [...rows].sort((a, b) => a.id - b.id)) segments.add(id, tenantId, documentWords(document));
  let pending: { tenantId: string; field: number; lexeme: string; firstId: number; ids: number[] }[] = [];
  const flush = async () => {
    if (pending.length > 0) await db.insertInto('positionSearchTerms').values(pending).execute();
    pending = [];
  };
  for (const { tenantId, field, lexeme, ids: segmentIds } of segments.segments()) {
    pending.push({ tenantId, field, lexeme, firstId: segmentIds[0] ?? 0, ids: segmentIds });
    if (pending.length === SEGMENT_ROWS) await flush();
  }
  await flush();
};

/** FTS5's default in-memory buffer of pending documents (bytes). */
const FTS5_DEFAULT_HASHSIZE = 1024 * 1024;
/** During a bulk import: FTS5 then writes one segment per transaction instead of one per megabyte. */
const FTS5_BULK_HASHSIZE = 64 * 1024 * 1024;

/**
 * Runs a bulk import with a larger FTS5 write buffer (P9: about a quarter faster at 100k positions:
 * fewer, larger segments to write and merge), then restores the default. FTS5 keeps the setting in
 * its config table, so the server's later writes would otherwise keep it.
 */
export async function withSqliteBulkBuffer<T>(sqlite: SqliteDatabase.Database, work: () => Promise<T>): Promise<T> {
  // Integers spelled out: FTS5 refuses a bound parameter here (better-sqlite3 binds numbers as reals).
  sqlite.exec(`insert into positions_fts(positions_fts, rank) values ('hashsize', ${FTS5_BULK_HASHSIZE})`);
  try {
    return await work();
  } finally {
    sqlite.exec(`insert into positions_fts(positions_fts, rank) values ('hashsize', ${FTS5_DEFAULT_HASHSIZE})`);
  }
}

/**
 * SQLite bulk import (the seed, P9): each position's full-text document through one prepared statement
 * on the raw connection, inside the caller's transaction; its words are counted into `vocabulary`.
 * The same documents as indexPositions writes, at a third of the cost of Kysely's multi-row inserts.
 */
export function createSqliteDocumentInserter(sqlite: SqliteDatabase.Database, vocabulary: VocabularyCounter): (position: IndexablePosition) => void {
  const insert = sqlite.prepare('insert into positions_fts (rowid, title, skills, department, description) values (?, ?, ?, ?, ?)');
  return (position) => {
    const document = normalise(position);
    vocabulary.add(position.tenantId, document);
    insert.run(position.id, document.title, document.skills, document.department, document.description);
  };
}

export interface SearchIndexWriter {
  /** Full-text documents for new positions; counts their words into `vocabulary` when given. */
  indexPositions(db: Kysely<DatabaseSchema>, positions: readonly IndexablePosition[], vocabulary?: VocabularyCounter): Promise<void>;
  /** Replaces a tenant's typo vocabulary with the counted words and their deletion variants. */
  writeVocabulary(db: Kysely<DatabaseSchema>, tenantId: string, vocabulary: VocabularyCounter): Promise<void>;
  /** Tells every process that the tenant's positions changed. */
  bumpVersion(db: Kysely<DatabaseSchema>, tenantId: string, at: Date): Promise<void>;
  /** Empties every full-text document (database reset). */
  clearDocuments(db: Kysely<DatabaseSchema>): Promise<void>;
}

export function createSearchIndexWriter(dialect: Dialect): SearchIndexWriter {
  const writeDocuments = dialect === 'sqlite' ? writeSqliteDocuments : writePostgresDocuments;
  return {
    async indexPositions(db, positions, vocabulary) {
      const rows = positions.map((position) => {
        const document = normalise(position);
        vocabulary?.add(position.tenantId, document);
        return { id: position.id, tenantId: position.tenantId, document };
      });
      await writeDocuments(db, rows);
    },

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

    async clearDocuments(db) {
      if (dialect === 'sqlite') {
        await sql`insert into positions_fts(positions_fts) values ('delete-all')`.execute(db);
        return;
      }
      await db.deleteFrom('positionSearchTerms').execute();
      await db.deleteFrom('positionSearchDocuments').execute();
    },
  };
}
