import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { deletionVariants, isTypoTolerant, MAX_TOKEN_LENGTH, normalizeSearchText, TYPO_MIN_LENGTH } from './fts-query';

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
/** Typo candidates are one edit from a query word of TYPO_MIN_LENGTH letters, so shorter words never qualify. */
const VOCABULARY_MIN_LENGTH = TYPO_MIN_LENGTH - 1;
/**
 * Every token fits: "does any indexed word start with this query word?" (search.service.ts) must be
 * answerable from the vocabulary for any query word of TYPO_MIN_LENGTH letters or more.
 */
const VOCABULARY_MAX_LENGTH = MAX_TOKEN_LENGTH;
/** The unfit-word memo is a speed-up only; past this size words are simply judged again. */
const UNFIT_WORDS_MAX = 100_000;

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

/** Document frequencies of the words typo tolerance may suggest, per tenant, gathered while indexing. */
export class VocabularyCounter {
  private readonly counts = new Map<string, Map<string, number>>();
  /** Words already judged unfit: documents repeat the same words, so each is judged once. */
  private readonly unfit = new Set<string>();

  add(tenantId: string, document: NormalisedDocument): void {
    let tenant = this.counts.get(tenantId);
    if (!tenant) {
      tenant = new Map();
      this.counts.set(tenantId, tenant);
    }
    const words = new Set(`${document.title} ${document.skills} ${document.department} ${document.description}`.split(' '));
    for (const word of words) {
      const count = tenant.get(word);
      if (count !== undefined) tenant.set(word, count + 1);
      else if (this.unfit.has(word)) continue;
      else if (isVocabularyWord(word)) tenant.set(word, 1);
      else if (this.unfit.size < UNFIT_WORDS_MAX) this.unfit.add(word);
    }
  }

  entries(tenantId: string): [string, number][] {
    return [...(this.counts.get(tenantId) ?? new Map<string, number>())];
  }
}

type DocumentWriter = (db: Kysely<DatabaseSchema>, rows: { id: number; tenantId: string; document: NormalisedDocument }[]) => Promise<void>;

const writeSqliteDocuments: DocumentWriter = async (db, rows) => {
  await db
    .insertInto('positionsFts')
    .values(rows.map(({ id, document }) => ({ rowid: id, ...document })))
    .execute();
};

const writePostgresDocuments: DocumentWriter = async (db, rows) => {
  await db
    .insertInto('positionSearchDocuments')
    .values(
      rows.map(({ id, tenantId, document }) => ({
        positionId: id,
        tenantId,
        // Weights: A title, B skills and department, C description (issue 3; ts_rank reads them).
        document: sql`setweight(to_tsvector('simple', ${document.title}), 'A')
          || setweight(to_tsvector('simple', ${`${document.skills} ${document.department}`}), 'B')
          || setweight(to_tsvector('simple', ${document.description}), 'C')`,
      })),
    )
    .onConflict((conflict) => conflict.column('positionId').doUpdateSet({ document: sql`excluded.document` }))
    .execute();
};

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
      for (let start = 0; start < positions.length; start += BATCH_ROWS) {
        const rows = positions.slice(start, start + BATCH_ROWS).map((position) => {
          const document = normalise(position);
          vocabulary?.add(position.tenantId, document);
          return { id: position.id, tenantId: position.tenantId, document };
        });
        await writeDocuments(db, rows);
      }
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
      if (dialect === 'sqlite') await sql`insert into positions_fts(positions_fts) values ('delete-all')`.execute(db);
      else await db.deleteFrom('positionSearchDocuments').execute();
    },
  };
}
