/**
 * A position's PostgreSQL search document from its normalised text (fts-query.ts normalizeSearchText),
 * built here rather than by to_tsvector: the tsvector (for ts_rank and title phrases) and the word
 * segments of position_search_terms (for matching, migration 0004) then hold the very same words — the
 * tokens the normaliser wrote, which are also FTS5's on SQLite.
 *
 * The layout is to_tsvector('simple', …)'s for each field, concatenated as `A || B || C` concatenates:
 * weight A for the title, B for skills then the department, C for the description, positions counting
 * on across fields from 1.
 */

export interface NormalisedFields {
  title: string;
  skills: string;
  department: string;
  description: string;
}

/** to_tsvector's limits: positions above are stored as the last one; a word keeps its first 255 positions. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 255;

/** Fields of position_search_terms (migration 0004). */
export const TermField = { Anywhere: 0, Heading: 1, Title: 2, WholeTitle: 3 } as const;
export type TermField = (typeof TermField)[keyof typeof TermField];

const words = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** A document's words per field, split once for both the tsvector and the segments. */
export interface DocumentWords {
  title: string[];
  /** Skills, then the department (weight B). */
  heading: string[];
  description: string[];
}

export function documentWords(fields: NormalisedFields): DocumentWords {
  return { title: words(fields.title), heading: [...words(fields.skills), ...words(fields.department)], description: words(fields.description) };
}

/**
 * The tsvector literal (`'word':1A,4C 'other':2B`). Normalised tokens hold only letters, digits and
 * combining marks, so no quote or backslash needs escaping.
 */
export function tsvectorLiteral(document: DocumentWords): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  const add = (list: readonly string[], weight: 'A' | 'B' | 'C') => {
    for (const word of list) {
      position += 1;
      let entries = positions.get(word);
      if (!entries) {
        entries = [];
        positions.set(word, entries);
      }
      if (entries.length < MAX_POSITIONS_PER_WORD) entries.push(`${Math.min(position, MAX_POSITION)}${weight}`);
    }
  };
  add(document.title, 'A');
  add(document.heading, 'B');
  add(document.description, 'C');
  let literal = '';
  for (const [word, entries] of positions) literal += `${literal === '' ? '' : ' '}'${word}':${entries.join(',')}`;
  return literal;
}

export interface TermSegment {
  tenantId: string;
  field: TermField;
  lexeme: string;
  /** Ascending. */
  ids: number[];
}

/**
 * The word segments of a batch of documents (position_search_terms, migration 0004): one per tenant,
 * field and word, listing the documents holding it. Documents must be added in ascending id order, so
 * a word's repeats within a document are skipped by comparing with the last id listed.
 */
export class TermSegments {
  private readonly byTenant = new Map<string, Map<string, number[]>[]>();

  add(id: number, tenantId: string, document: DocumentWords): void {
    let fields = this.byTenant.get(tenantId);
    if (!fields) {
      fields = [new Map(), new Map(), new Map(), new Map()];
      this.byTenant.set(tenantId, fields);
    }
    const [anywhere, heading, title, wholeTitle] = fields as [Map<string, number[]>, Map<string, number[]>, Map<string, number[]>, Map<string, number[]>];
    const list = (field: Map<string, number[]>, word: string) => {
      const ids = field.get(word);
      if (ids === undefined) field.set(word, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    };
    for (const word of document.title) {
      list(anywhere, word);
      list(heading, word);
      list(title, word);
    }
    for (const word of document.heading) {
      list(anywhere, word);
      list(heading, word);
    }
    for (const word of document.description) list(anywhere, word);
    if (document.title.length > 0) list(wholeTitle, document.title.join(' '));
  }

  *segments(): Generator<TermSegment> {
    for (const [tenantId, fields] of this.byTenant) {
      for (const [field, words] of fields.entries()) {
        for (const [lexeme, ids] of words) yield { tenantId, field: field as TermField, lexeme, ids };
      }
    }
  }
}
