import { endianness } from 'node:os';

/**
 * Word postings with impacts (P4): for each tenant, field and word, the positions holding the word —
 * ascending ids, each with a one-byte "impact", its share of a BM25F score — stored in segments of
 * position_search_terms (migration 0006), the same rows on SQLite and PostgreSQL. Matching merges a
 * query's id lists and scoring sums idf × impact in the same pass (postings-matcher.ts): neither engine reads
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

/**
 * A position's text per field, normalised (search-terms.ts normalizeSearchText: words joined by single
 * spaces; '' for none).
 */
export interface NormalisedText {
  title: string;
  skills: string;
  department: string;
  description: string;
}

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
  return saturated(weightedFrequency(counts.title, counts.skills, counts.department, counts.description, titleNorm(titleWords), descriptionNorm(descriptionWords)));
}

const titleNorm = (titleWords: number): number => 1 - TITLE_B + (TITLE_B * titleWords) / TITLE_PIVOT_WORDS;
const descriptionNorm = (descriptionWords: number): number => 1 - DESCRIPTION_B + (DESCRIPTION_B * descriptionWords) / DESCRIPTION_PIVOT_WORDS;
const saturated = (frequency: number): number => (frequency <= 0 ? 0 : (frequency * (K1 + 1)) / (frequency + K1));
function weightedFrequency(title: number, skills: number, department: number, description: number, titleNormal: number, descriptionNormal: number): number {
  return (
    (FIELD_WEIGHTS.title * title) / titleNormal +
    FIELD_WEIGHTS.skills * skills +
    FIELD_WEIGHTS.department * department +
    (FIELD_WEIGHTS.description * description) / descriptionNormal
  );
}

/** termWeight in one byte: 1..255 (never 0, which means "absent" to the matcher). */
export function quantizeImpact(weight: number): number {
  return Math.min(255, Math.max(1, Math.round((weight / (K1 + 1)) * 255)));
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

/** Per-field word counts of the position being added, by word number (reset after each position). */
class FieldCounters {
  title = new Int32Array(1024);
  skills = new Int32Array(1024);
  department = new Int32Array(1024);
  description = new Int32Array(1024);

  fit(words: number): void {
    if (words <= this.title.length) return;
    const grow = (from: Int32Array) => {
      const to = new Int32Array(Math.max(words, from.length * 2));
      to.set(from);
      return to;
    };
    this.title = grow(this.title);
    this.skills = grow(this.skills);
    this.department = grow(this.department);
    this.description = grow(this.description);
  }
}

interface TenantLists {
  lastId: number;
  /** By field (Anywhere, Heading, Title), then by word number. */
  byWord: (GrowingList | undefined)[][];
  /** WholeTitle lists by title. */
  byTitle: Map<string, GrowingList>;
}

/**
 * Postings of positions added in ascending id order per tenant, in memory until written: a word's list
 * becomes a full segment at SEGMENT_MAX_IDS ids (takeFull), the rest are taken at the end (takeAll).
 * The seed adds a million positions this way and writes each segment once (P9: words are numbered
 * once and counted in typed arrays — a map of counts per position cost twice the whole import).
 */
export class PostingsBuilder {
  private readonly tenants = new Map<string, TenantLists>();
  private readonly wordNumbers = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly counters = new FieldCounters();
  private readonly touched: number[] = [];
  private full: PostingSegment[] = [];

  add(id: number, tenantId: string, text: NormalisedText): void {
    let tenant = this.tenants.get(tenantId);
    if (tenant === undefined) {
      tenant = { lastId: -1, byWord: [[], [], []], byTitle: new Map() };
      this.tenants.set(tenantId, tenant);
    }
    if (id <= tenant.lastId) throw new Error('Postings must be built in ascending id order');
    tenant.lastId = id;

    const counters = this.counters;
    const titleWords = this.count(text.title, 'title');
    this.count(text.skills, 'skills');
    this.count(text.department, 'department');
    const descriptionWords = this.count(text.description, 'description');
    const titleNormal = titleNorm(titleWords);
    const descriptionNormal = descriptionNorm(descriptionWords);
    for (const word of this.touched) {
      const title = counters.title[word] as number;
      const skills = counters.skills[word] as number;
      const department = counters.department[word] as number;
      const description = counters.description[word] as number;
      counters.title[word] = 0;
      counters.skills[word] = 0;
      counters.department[word] = 0;
      counters.description[word] = 0;
      this.push(tenantId, tenant, TermField.Anywhere, word, id, quantizeImpact(saturated(weightedFrequency(title, skills, department, description, titleNormal, descriptionNormal))));
      if (title + skills + department > 0) {
        this.push(tenantId, tenant, TermField.Heading, word, id, quantizeImpact(saturated(weightedFrequency(title, skills, department, 0, titleNormal, descriptionNormal))));
      }
      if (title > 0) this.push(tenantId, tenant, TermField.Title, word, id, quantizeImpact(saturated(weightedFrequency(title, 0, 0, 0, titleNormal, descriptionNormal))));
    }
    this.touched.length = 0;
    if (text.title !== '') {
      let list = tenant.byTitle.get(text.title);
      if (list === undefined) {
        list = new GrowingList();
        tenant.byTitle.set(text.title, list);
      }
      list.push(id, WHOLE_TITLE_IMPACT);
      if (list.length === SEGMENT_MAX_IDS) {
        this.full.push({ tenantId, field: TermField.WholeTitle, word: text.title, ids: list.ids, impacts: list.impacts });
        tenant.byTitle.delete(text.title);
      }
    }
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
    const partial = (tenantId: string, field: TermField, word: string, list: GrowingList): PostingSegment => ({
      tenantId,
      field,
      word,
      ids: list.ids.slice(0, list.length),
      impacts: list.impacts.slice(0, list.length),
    });
    for (const [tenantId, tenant] of this.tenants) {
      tenant.byWord.forEach((lists, field) => {
        lists.forEach((list, word) => {
          if (list !== undefined && list.length > 0) segments.push(partial(tenantId, field as TermField, this.words[word] as string, list));
        });
      });
      for (const [title, list] of tenant.byTitle) segments.push(partial(tenantId, TermField.WholeTitle, title, list));
      tenant.byWord = [[], [], []];
      tenant.byTitle.clear();
    }
    return segments;
  }

  /** Counts the words of one field into the counters; returns how many there were. */
  private count(text: string, field: keyof FieldCounts): number {
    if (text === '') return 0;
    let words = 0;
    for (let start = 0; start <= text.length; ) {
      let end = text.indexOf(' ', start);
      if (end < 0) end = text.length;
      const word = text.slice(start, end);
      start = end + 1;
      let number = this.wordNumbers.get(word);
      if (number === undefined) {
        number = this.words.length;
        this.words.push(word);
        this.wordNumbers.set(word, number);
        this.counters.fit(this.words.length);
      }
      const counters = this.counters;
      if (counters.title[number] === 0 && counters.skills[number] === 0 && counters.department[number] === 0 && counters.description[number] === 0) {
        this.touched.push(number);
      }
      const counts = counters[field];
      counts[number] = (counts[number] as number) + 1;
      words += 1;
    }
    return words;
  }

  private push(tenantId: string, tenant: TenantLists, field: TermField, word: number, id: number, impact: number): void {
    const lists = tenant.byWord[field] as (GrowingList | undefined)[];
    let list = lists[word];
    if (list === undefined) {
      list = new GrowingList();
      lists[word] = list;
    }
    list.push(id, impact);
    if (list.length === SEGMENT_MAX_IDS) {
      this.full.push({ tenantId, field, word: this.words[word] as string, ids: list.ids, impacts: list.impacts });
      lists[word] = undefined;
    }
  }
}
