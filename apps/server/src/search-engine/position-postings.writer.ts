import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { deletionVariants } from './search-terms';
import { bytesToIds, idsToBytes, impactsToBytes, PostingsBuilder, SEGMENT_MAX_IDS, type NormalisedText, type TermField } from './postings';
import { isVocabularyWord, lockTenantPostings } from './search-index.writer';

/**
 * One position's postings and vocabulary changed in place (issue 8 §2): an employer's edit touches the
 * segments of the words it adds or drops, not the tenant's hundred thousand positions (indexPositions
 * rebuilds a tenant's postings when an id is indexed again). Impacts depend on the position alone
 * (postings.ts: fixed pivots), so the result equals a rebuild's, segment boundaries aside. Runs inside the
 * caller's transaction, after the row is written and before the version is bumped.
 */

type Executor = Kysely<DatabaseSchema>;

interface Posting {
  field: TermField;
  word: string;
  impact: number;
}

/** The (field, word) → impact entries one position contributes (postings.ts, the same builder the seed uses). */
export function postingsOf(tenantId: string, id: number, text: NormalisedText | null): Map<string, Posting> {
  const entries = new Map<string, Posting>();
  if (text === null) return entries;
  const builder = new PostingsBuilder();
  builder.add(id, tenantId, text);
  for (const segment of builder.takeAll()) {
    entries.set(`${segment.field}\u0000${segment.word}`, { field: segment.field, word: segment.word, impact: segment.impacts[0] ?? 0 });
  }
  return entries;
}

/** Where `id` is or would go among ascending ids. */
function slotOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function segmentHolding(db: Executor, tenantId: string, posting: Posting, id: number) {
  const { rows } = await sql<{ lastid: number; ids: Uint8Array; impacts: Uint8Array }>`
    select last_id as lastid, ids, impacts from position_search_terms
    where tenant_id = ${tenantId} and field = ${posting.field} and word = ${posting.word} and last_id >= ${id}
    order by last_id limit 1`.execute(db);
  const row = rows[0];
  return row === undefined ? null : { lastId: Number(row.lastid), ids: bytesToIds(row.ids), impacts: Uint8Array.from(row.impacts) };
}

async function writeSegment(db: Executor, tenantId: string, posting: Posting, lastId: number, ids: Int32Array, impacts: Uint8Array): Promise<void> {
  if (ids.length === 0) {
    await sql`delete from position_search_terms where tenant_id = ${tenantId} and field = ${posting.field} and word = ${posting.word} and last_id = ${lastId}`.execute(db);
    return;
  }
  await sql`
    update position_search_terms set ids = ${idsToBytes(ids)}, impacts = ${impactsToBytes(impacts)}, last_id = ${ids[ids.length - 1] ?? 0}
    where tenant_id = ${tenantId} and field = ${posting.field} and word = ${posting.word} and last_id = ${lastId}`.execute(db);
}

async function removePosting(db: Executor, tenantId: string, posting: Posting, id: number): Promise<void> {
  const segment = await segmentHolding(db, tenantId, posting, id);
  if (segment === null) return;
  const at = slotOf(segment.ids, id);
  if (segment.ids[at] !== id) return;
  const ids = new Int32Array(segment.ids.length - 1);
  ids.set(segment.ids.subarray(0, at));
  ids.set(segment.ids.subarray(at + 1), at);
  const impacts = new Uint8Array(segment.impacts.length - 1);
  impacts.set(segment.impacts.subarray(0, at));
  impacts.set(segment.impacts.subarray(at + 1), at);
  await writeSegment(db, tenantId, posting, segment.lastId, ids, impacts);
}

async function putPosting(db: Executor, tenantId: string, posting: Posting, id: number): Promise<void> {
  let segment = await segmentHolding(db, tenantId, posting, id);
  if (segment === null) {
    // Above every stored id of the word: its last segment takes it while it has room.
    const { rows } = await sql<{ lastid: number; ids: Uint8Array; impacts: Uint8Array }>`
      select last_id as lastid, ids, impacts from position_search_terms
      where tenant_id = ${tenantId} and field = ${posting.field} and word = ${posting.word}
      order by last_id desc limit 1`.execute(db);
    const last = rows[0];
    if (last === undefined || last.ids.byteLength / 4 >= SEGMENT_MAX_IDS) {
      await sql`
        insert into position_search_terms (tenant_id, field, word, last_id, ids, impacts)
        values (${tenantId}, ${posting.field}, ${posting.word}, ${id}, ${idsToBytes(Int32Array.of(id))}, ${impactsToBytes(Uint8Array.of(posting.impact))})`.execute(db);
      return;
    }
    segment = { lastId: Number(last.lastid), ids: bytesToIds(last.ids), impacts: Uint8Array.from(last.impacts) };
  }
  const at = slotOf(segment.ids, id);
  if (segment.ids[at] === id) {
    const impacts = Uint8Array.from(segment.impacts);
    impacts[at] = posting.impact;
    await writeSegment(db, tenantId, posting, segment.lastId, segment.ids, impacts);
    return;
  }
  // A segment may pass SEGMENT_MAX_IDS by the ids inserted into it: the bound keeps writes small, it is not a format limit.
  const ids = new Int32Array(segment.ids.length + 1);
  ids.set(segment.ids.subarray(0, at));
  ids[at] = id;
  ids.set(segment.ids.subarray(at), at + 1);
  const impacts = new Uint8Array(segment.impacts.length + 1);
  impacts.set(segment.impacts.subarray(0, at));
  impacts[at] = posting.impact;
  impacts.set(segment.impacts.subarray(at), at + 1);
  await writeSegment(db, tenantId, posting, segment.lastId, ids, impacts);
}

/**
 * Replaces position `id`'s postings: `before` is its text as indexed (null: a new position), `after` its
 * text now (null: removed). Words whose impact did not change are not touched.
 */
export async function replacePositionPostings(
  db: Executor,
  dialect: Dialect,
  tenantId: string,
  id: number,
  before: NormalisedText | null,
  after: NormalisedText | null,
): Promise<void> {
  await lockTenantPostings(db, dialect, tenantId);
  const old = postingsOf(tenantId, id, before);
  const fresh = postingsOf(tenantId, id, after);
  for (const [key, posting] of old) if (!fresh.has(key)) await removePosting(db, tenantId, posting, id);
  for (const [key, posting] of fresh) if (old.get(key)?.impact !== posting.impact) await putPosting(db, tenantId, posting, id);
}

/** The words of a text the typo vocabulary counts (search-index.writer.ts VocabularyCounter). */
export function vocabularyWords(text: NormalisedText | null): Set<string> {
  const words = new Set<string>();
  if (text === null) return words;
  for (const field of [text.title, text.skills, text.department, text.description]) {
    for (const word of field.split(' ')) if (word !== '' && isVocabularyWord(word)) words.add(word);
  }
  return words;
}

/**
 * Keeps the typo vocabulary's document counts as a full count would make them: a word new to the
 * tenant gets its deletion variants, a word no position holds any more loses them.
 */
export async function updateVocabulary(db: Executor, tenantId: string, before: NormalisedText | null, after: NormalisedText | null): Promise<void> {
  const old = vocabularyWords(before);
  const fresh = vocabularyWords(after);
  for (const word of fresh) {
    if (old.has(word)) continue;
    const updated = await db
      .updateTable('searchTermDeletes')
      .set((eb) => ({ documents: eb('documents', '+', 1) }))
      .where('tenantId', '=', tenantId)
      .where('variant', 'in', deletionVariants(word))
      .where('term', '=', word)
      .executeTakeFirst();
    // Every variant row of a word carries its count, so one row updated means the word is known.
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('searchTermDeletes')
        .values(deletionVariants(word).map((variant) => ({ tenantId, variant, term: word, documents: 1 })))
        .execute();
    }
  }
  for (const word of old) {
    if (fresh.has(word)) continue;
    await db
      .updateTable('searchTermDeletes')
      .set((eb) => ({ documents: eb('documents', '-', 1) }))
      .where('tenantId', '=', tenantId)
      .where('variant', 'in', deletionVariants(word))
      .where('term', '=', word)
      .execute();
    await db
      .deleteFrom('searchTermDeletes')
      .where('tenantId', '=', tenantId)
      .where('variant', 'in', deletionVariants(word))
      .where('term', '=', word)
      .where('documents', '<=', 0)
      .execute();
  }
}

/** Words per statement when a batch reads or writes the vocabulary. */
const VOCABULARY_CHUNK = 500;

/**
 * A batch's change of the typo vocabulary at once (position-batch.service.ts): `delta` is, per word, the
 * documents gained minus those lost. Known words get their new count (or leave at zero), new words their
 * deletion variants in multi-row inserts — the same rows updateVocabulary would leave, position by position.
 */
export async function applyVocabularyDelta(db: Executor, dialect: Dialect, tenantId: string, delta: ReadonlyMap<string, number>): Promise<void> {
  const words = [...delta].filter(([, change]) => change !== 0).map(([word]) => word);
  const known = new Map<string, number>();
  for (let start = 0; start < words.length; start += VOCABULARY_CHUNK) {
    const chunk = words.slice(start, start + VOCABULARY_CHUNK);
    // A word is one of its own deletion variants: its row (variant = term) carries the count.
    const rows = await db
      .selectFrom('searchTermDeletes')
      .select(['term', 'documents'])
      .where('tenantId', '=', tenantId)
      .where('variant', 'in', chunk)
      .whereRef('variant', '=', 'term')
      .execute();
    for (const row of rows) known.set(row.term, row.documents);
  }
  // Known words: every variant row gets the new count, or goes at zero.
  const counted: { variant: string; term: string; documents: number }[] = [];
  for (const word of words) {
    if (!known.has(word)) continue;
    const documents = (known.get(word) ?? 0) + (delta.get(word) ?? 0);
    for (const variant of deletionVariants(word)) counted.push({ variant, term: word, documents });
  }
  if (dialect === 'postgres') {
    // A few thousand rows per statement (an import into a large tenant touches thousands of known words).
    for (let start = 0; start < counted.length; start += VOCABULARY_CHUNK * 10) {
      const chunk = counted.slice(start, start + VOCABULARY_CHUNK * 10);
      const source = sql`unnest(${chunk.map((row) => row.variant)}::text[], ${chunk.map((row) => row.term)}::text[], ${chunk.map((row) => row.documents)}::int4[]) as v(variant, term, documents)`;
      await sql`update search_term_deletes as s set documents = v.documents from ${source}
        where s.tenant_id = ${tenantId} and s.variant = v.variant and s.term = v.term and v.documents > 0`.execute(db);
      await sql`delete from search_term_deletes as s using ${source}
        where s.tenant_id = ${tenantId} and s.variant = v.variant and s.term = v.term and v.documents <= 0`.execute(db);
    }
  } else {
    for (const word of words) {
      if (!known.has(word)) continue;
      const documents = (known.get(word) ?? 0) + (delta.get(word) ?? 0);
      const variants = deletionVariants(word);
      if (documents > 0) {
        await db.updateTable('searchTermDeletes').set({ documents }).where('tenantId', '=', tenantId).where('variant', 'in', variants).where('term', '=', word).execute();
      } else {
        await db.deleteFrom('searchTermDeletes').where('tenantId', '=', tenantId).where('variant', 'in', variants).where('term', '=', word).execute();
      }
    }
  }
  // New words: their variants in multi-row inserts.
  let pending: { tenantId: string; variant: string; term: string; documents: number }[] = [];
  const flush = async () => {
    if (pending.length > 0) await db.insertInto('searchTermDeletes').values(pending).execute();
    pending = [];
  };
  for (const word of words) {
    const documents = delta.get(word) ?? 0;
    if (known.has(word) || documents <= 0) continue;
    for (const variant of deletionVariants(word)) pending.push({ tenantId, variant, term: word, documents });
    if (pending.length >= VOCABULARY_CHUNK) await flush();
  }
  await flush();
}
