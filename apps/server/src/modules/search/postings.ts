import { endianness } from 'node:os';

/**
 * Word postings with impacts (P4): for each tenant, field and word, the positions holding the word —
 * ascending ids, each with a one-byte "impact", its share of a BM25F score — stored in segments of
 * position_search_terms (migration 0006), the same rows on SQLite and PostgreSQL. Matching merges a
 * query's id lists and scoring sums idf × impact in the same pass (text-match.ts): neither engine reads
 * a document, and nothing depends on the other positions, so an impact is written once and never
 * recomputed when positions come and go.
 *
 * Fields:
 *   0 Anywhere   every word of the title, skills, department and description (whole-word matches);
 *   1 Heading    the words of the title, skills and department (prefix matches reach these only:
 *                stock description sentences — "work closely with engineering" — must not make every
 *                posting an "engineer"); impacts without the description;
 *   2 Title      the words of the title (the title tier of a one-word query);
 *   3 WholeTitle the whole normalised title as one "word" (title phrases and the exact-title tier).
 */
export const TermField = { Anywhere: 0, Heading: 1, Title: 2, WholeTitle: 3 } as const;
export type TermField = (typeof TermField)[keyof typeof TermField];

/** Ids per segment: a write appends to a word's last segment, or starts one, never rewrites a huge blob. */
export const SEGMENT_MAX_IDS = 65_536;

/** BM25F field weights: the title counts most (issue 3 "title heaviest"), then skills, the department, the description. */
export const FIELD_WEIGHTS = { title: 10, skills: 4, department: 3, description: 1 } as const;
export const K1 = 1.2;
/**
 * Length normalisation against FIXED pivots rather than the corpus's average lengths, so impacts never
 * change with other positions: a 3-word title and a 140-word description (the demo's typical sizes)
 * count as average. b: how much length matters (BM25's 0.75 for the description; titles are all short).
 */
export const TITLE_B = 0.5;
export const TITLE_PIVOT_WORDS = 3;
export const DESCRIPTION_B = 0.75;
export const DESCRIPTION_PIVOT_WORDS = 140;
/** The whole-title field's impact: it never scores, it only marks the exact-title tier. */
const WHOLE_TITLE_IMPACT = 255;

if (endianness() !== 'LE') throw new Error('Search postings are stored as little-endian int32: this host is big-endian');

/** A position's normalised words per field (fts-query.ts normalizeSearchText, split on its spaces). */
export interface DocumentWords {
  title: readonly string[];
  skills: readonly string[];
  department: readonly string[];
  description: readonly string[];
}

export const wordsOf = (normalised: string): string[] => (normalised === '' ? [] : normalised.split(' '));

/** How often a word occurs in each field of one position. */
export interface FieldCounts {
  title: number;
  skills: number;
  department: number;
  description: number;
}

/**
 * The saturated BM25F term-frequency part: Σ weight × tf / length norm, then tf(K1 + 1)/(tf + K1).
 * In [0, K1 + 1); 0 for a word the position does not hold.
 */
export function termWeight(counts: FieldCounts, titleWords: number, descriptionWords: number): number {
  const titleNorm = 1 - TITLE_B + (TITLE_B * titleWords) / TITLE_PIVOT_WORDS;
  const descriptionNorm = 1 - DESCRIPTION_B + (DESCRIPTION_B * descriptionWords) / DESCRIPTION_PIVOT_WORDS;
  const tf =
    (FIELD_WEIGHTS.title * counts.title) / titleNorm +
    FIELD_WEIGHTS.skills * counts.skills +
    FIELD_WEIGHTS.department * counts.department +
    (FIELD_WEIGHTS.description * counts.description) / descriptionNorm;
  return tf <= 0 ? 0 : (tf * (K1 + 1)) / (tf + K1);
}

/** termWeight in one byte: 1..255 (never 0, which means "absent" to the matcher). */
export function quantizeImpact(weight: number): number {
  return Math.min(255, Math.max(1, Math.round((weight / (K1 + 1)) * 255)));
}

/** Every (field, word, impact) posting of one position. */
export function forEachPosting(words: DocumentWords, take: (field: TermField, word: string, impact: number) => void): void {
  const counts = new Map<string, FieldCounts>();
  const count = (list: readonly string[], key: keyof FieldCounts) => {
    for (const word of list) {
      let entry = counts.get(word);
      if (entry === undefined) {
        entry = { title: 0, skills: 0, department: 0, description: 0 };
        counts.set(word, entry);
      }
      entry[key] += 1;
    }
  };
  count(words.title, 'title');
  count(words.skills, 'skills');
  count(words.department, 'department');
  count(words.description, 'description');
  const titleWords = words.title.length;
  const descriptionWords = words.description.length;
  for (const [word, entry] of counts) {
    take(TermField.Anywhere, word, quantizeImpact(termWeight(entry, titleWords, descriptionWords)));
    if (entry.title + entry.skills + entry.department > 0) {
      take(TermField.Heading, word, quantizeImpact(termWeight({ ...entry, description: 0 }, titleWords, descriptionWords)));
    }
    if (entry.title > 0) {
      take(TermField.Title, word, quantizeImpact(termWeight({ title: entry.title, skills: 0, department: 0, description: 0 }, titleWords, descriptionWords)));
    }
  }
  if (titleWords > 0) take(TermField.WholeTitle, words.title.join(' '), WHOLE_TITLE_IMPACT);
}

/** One stored segment: ascending ids and their impacts, aligned. */
export interface PostingSegment {
  tenantId: string;
  field: TermField;
  word: string;
  ids: Int32Array;
  impacts: Uint8Array;
}

/** ids as stored: int32 little-endian. */
export function idsToBytes(ids: Int32Array): Buffer {
  return Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength);
}

/** Stored ids → Int32Array (copied when the driver's buffer is not 4-byte aligned). */
export function bytesToIds(bytes: Uint8Array): Int32Array {
  const count = bytes.byteLength >>> 2;
  if (bytes.byteOffset % 4 === 0) return new Int32Array(bytes.buffer, bytes.byteOffset, count);
  return new Int32Array(Uint8Array.prototype.slice.call(bytes, 0, count * 4).buffer);
}

export function impactsToBytes(impacts: Uint8Array): Buffer {
  return Buffer.from(impacts.buffer, impacts.byteOffset, impacts.byteLength);
}

/** A word's growing list while positions are added. */
class GrowingList {
  ids = new Int32Array(8);
  impacts = new Uint8Array(8);
  length = 0;

  push(id: number, impact: number): void {
    if (this.length === this.ids.length) {
      const capacity = Math.min(SEGMENT_MAX_IDS, this.ids.length * 2);
      const ids = new Int32Array(capacity);
      ids.set(this.ids);
      const impacts = new Uint8Array(capacity);
      impacts.set(this.impacts);
      this.ids = ids;
      this.impacts = impacts;
    }
    this.ids[this.length] = id;
    this.impacts[this.length] = impact;
    this.length += 1;
  }
}

const keyOf = (field: TermField, word: string): string => `${field}\u0000${word}`;

/**
 * Postings of positions added in ascending id order per tenant, in memory until written: a word's list
 * becomes a full segment at SEGMENT_MAX_IDS ids (takeFull), the rest are taken at the end (takeAll).
 * The seed adds a million positions this way and writes each segment once (P9).
 */
export class PostingsBuilder {
  private readonly tenants = new Map<string, { lastId: number; lists: Map<string, GrowingList> }>();
  private full: PostingSegment[] = [];

  add(id: number, tenantId: string, words: DocumentWords): void {
    let tenant = this.tenants.get(tenantId);
    if (tenant === undefined) {
      tenant = { lastId: -1, lists: new Map() };
      this.tenants.set(tenantId, tenant);
    }
    if (id <= tenant.lastId) throw new Error('Postings must be built in ascending id order');
    tenant.lastId = id;
    const { lists } = tenant;
    forEachPosting(words, (field, word, impact) => {
      const key = keyOf(field, word);
      let list = lists.get(key);
      if (list === undefined) {
        list = new GrowingList();
        lists.set(key, list);
      }
      list.push(id, impact);
      if (list.length === SEGMENT_MAX_IDS) {
        this.full.push({ tenantId, field, word, ids: list.ids, impacts: list.impacts });
        lists.delete(key);
      }
    });
  }

  /** Segments that reached SEGMENT_MAX_IDS since the last take. */
  takeFull(): PostingSegment[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /** Every segment not taken yet (full ones first, each word's in id order), emptying the builder. */
  takeAll(): PostingSegment[] {
    const segments = this.takeFull();
    for (const [tenantId, { lists }] of this.tenants) {
      for (const [key, list] of lists) {
        const separator = key.indexOf('\u0000');
        segments.push({
          tenantId,
          field: Number(key.slice(0, separator)) as TermField,
          word: key.slice(separator + 1),
          ids: list.ids.slice(0, list.length),
          impacts: list.impacts.slice(0, list.length),
        });
      }
      lists.clear();
    }
    return segments;
  }
}
