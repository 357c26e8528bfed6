/**
 * Free user text → SAFE search terms (issue 3: quotes, `*`, NEAR, `-`, `:`, parentheses, `^`, NUL and
 * keywords in the query are never syntax anywhere: no query language is built from them).
 *
 * The text is cut into tokens made only of Unicode letters, digits and (non-initial) combining marks.
 * Case is folded and Latin-style diacritics stripped ("Montréal" → "montreal"). The same normaliser
 * fills the index side (normalizeSearchText), so index and query compare like with like.
 *
 * How search uses this module:
 *   1. Index: normalizeSearchText of title, skills, department and description; their words become
 *      the postings of position_search_terms (postings.ts, migration 0006), the same on both dialects.
 *   2. Query: `const terms = searchTerms(userText)`; no terms → browse (no text matching at all).
 *   3. Typo tolerance (one wrong, missing, extra or swapped letter in words of TYPO_MIN_LENGTH or more),
 *      for words that match nothing as typed: look up vocabulary words sharing a deletion variant:
 *        SELECT term, documents FROM search_term_deletes WHERE tenant_id = ? AND variant IN (deletionVariants(token))
 *      where `search_term_deletes(tenant_id, variant, term, documents)` holds deletionVariants(term) for
 *      every indexed word (counted by the indexer while it writes the postings). Index-only lookups.
 *      Keep the candidates that pass withinOneEdit, best first, via pickTypoVariants; then
 *      withTypoVariants(terms, found).
 *   4. Match (postings-matcher.ts): every term must match — its whole word anywhere, a typo variant anywhere,
 *      or, for tokens of PREFIX_MIN_LENGTH letters or more, a word it starts in the title, skills or
 *      department (the description matches whole words only). Titles holding the query's words as a
 *      phrase (titlePhrase), or equal to it, rank first. Words are bound as parameters, never SQL.
 */

export const MAX_QUERY_TOKENS = 12;
/** Longer "words" (pasted hashes, base64) are cut: nothing in a job posting is longer. */
export const MAX_TOKEN_LENGTH = 64;
/** Prefix matching from three letters: "eng" finds engineers; "e" would match half the index. */
export const PREFIX_MIN_LENGTH = 3;
export const TYPO_MIN_LENGTH = 5;
export const MAX_TYPO_VARIANTS = 3;
/** The query param is at most 200 characters (contracts); this bounds the work for direct callers. */
const MAX_QUERY_INPUT = 2000;

// Combining diacritical marks (and their extensions/supplement/half marks), stripped after NFKD. Other
// marks (Devanagari vowel signs, Thai tone marks …) are part of their words and stay.
// eslint-disable-next-line no-misleading-character-class -- ranges of lone combining marks, on purpose
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** What a token may be: letters and digits, then combining marks too. */
export const TOKEN_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*$/u;

const NON_ASCII = /[\u0080-\uffff]/;

function foldCase(text: string): string {
  // Plain ASCII (most job text) has no diacritics to strip: skip the two normalisation passes.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.toLowerCase().normalize('NFKD').replace(DIACRITICS, '').normalize('NFC');
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const MARK = /^\p{M}$/u;
/** Character kinds: a separator; a letter or digit (starts or continues a token); a combining mark (continues one). */
const CharKind = { Separator: 0, Word: 1, Mark: 2 } as const;
type CharKind = (typeof CharKind)[keyof typeof CharKind];
/** Kinds of the non-ASCII code points seen so far; bounded, so hostile text cannot grow it without end. */
const nonAsciiKinds = new Map<number, CharKind>();
const NON_ASCII_KINDS_MAX = 20_000;

function nonAsciiKind(codePoint: number): CharKind {
  const known = nonAsciiKinds.get(codePoint);
  if (known !== undefined) return known;
  const char = String.fromCodePoint(codePoint);
  const kind = LETTER_OR_DIGIT.test(char) ? CharKind.Word : MARK.test(char) ? CharKind.Mark : CharKind.Separator;
  if (nonAsciiKinds.size < NON_ASCII_KINDS_MAX) nonAsciiKinds.set(codePoint, kind);
  return kind;
}

/**
 * Calls `take` with each match of `[\p{L}\p{N}][\p{L}\p{N}\p{M}]*` in order, by a hand-written scan
 * (V8's Unicode property regexes cost about 25 µs per kilobyte, and the seed normalises every
 * description, P9); `take` returns false to stop.
 */
function scanTokens(text: string, take: (token: string) => boolean): void {
  let start = -1;
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at);
    let kind: CharKind;
    let width = 1;
    if (code < 128) {
      kind = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) ? CharKind.Word : CharKind.Separator;
    } else {
      const codePoint = text.codePointAt(at) ?? code;
      width = codePoint > 0xffff ? 2 : 1;
      kind = nonAsciiKind(codePoint);
    }
    if (start < 0) {
      if (kind === CharKind.Word) start = at;
    } else if (kind === CharKind.Separator) {
      if (!take(text.slice(start, at))) return;
      start = -1;
    }
    at += width;
  }
  if (start >= 0) take(text.slice(start));
}

/** The tokens of `text`, case-folded and cut to MAX_TOKEN_LENGTH, each passed to `take` (false stops). */
function forEachToken(text: string, take: (token: string) => boolean): void {
  scanTokens(foldCase(text), (token) => {
    if (token.length <= MAX_TOKEN_LENGTH) return take(token);
    const cut = Array.from(token).slice(0, MAX_TOKEN_LENGTH).join('');
    // Cutting can, in theory, leave a token ending inside a cluster NFC would change; the whitelist decides.
    return TOKEN_PATTERN.test(cut) ? take(cut) : true;
  });
}

/** Index side: every token of a document, in order, space-separated. */
export function normalizeSearchText(text: string): string {
  if (typeof text !== 'string') return '';
  const found: string[] = [];
  forEachToken(text, (token) => found.push(token) > 0);
  return found.join(' ');
}

/** Query side: the distinct tokens of the user's text, at most MAX_QUERY_TOKENS. */
export function searchTokens(text: string): string[] {
  if (typeof text !== 'string') return [];
  const found: string[] = [];
  forEachToken(text.slice(0, MAX_QUERY_INPUT), (token) => {
    if (!found.includes(token)) found.push(token);
    return found.length < MAX_QUERY_TOKENS;
  });
  return found;
}

export interface SearchTerm {
  token: string;
  /** Match words starting with the token ("engin" → engineer, engineering) in titles, skills and departments. */
  prefix: boolean;
  /** Vocabulary words one edit away, matched exactly, as alternatives to the token. */
  variants: string[];
}

const length = (token: string): number => Array.from(token).length;

/**
 * Prefix matching on every token of PREFIX_MIN_LENGTH or more, not only the last: word order is free.
 * The matcher applies it to titles, skills and departments only (postings-matcher.ts).
 */
export function searchTerms(text: string): SearchTerm[] {
  return searchTokens(text).map((token) => ({ token, prefix: length(token) >= PREFIX_MIN_LENGTH, variants: [] }));
}

/** Typo tolerance applies to words of TYPO_MIN_LENGTH letters or more, never to numbers. */
export function isTypoTolerant(token: string): boolean {
  return length(token) >= TYPO_MIN_LENGTH && !/^\p{N}+$/u.test(token);
}

/**
 * The word and each single-letter deletion of it (SymSpell): two words are at most one edit apart
 * only if their sets intersect, so a vocabulary table keyed by these finds candidates by index.
 */
export function deletionVariants(word: string): string[] {
  const points = Array.from(word);
  const variants = new Set([word]);
  for (let index = 0; index < points.length; index += 1) {
    variants.add([...points.slice(0, index), ...points.slice(index + 1)].join(''));
  }
  return [...variants];
}

/**
 * True when `b` is `a` with one letter substituted, inserted, deleted, or two neighbours swapped
 * (optimal string alignment distance ≤ 1), or the same word. Compares code points, not UTF-16 units.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  const rest = (from: string[], start: number) => from.slice(start).join('');
  if (x.length === y.length) {
    if (rest(x, i + 1) === rest(y, i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2);
  }
  return x.length > y.length ? rest(x, i + 1) === rest(y, i) : rest(x, i) === rest(y, i + 1);
}

/**
 * The best one-edit alternatives for a token from vocabulary candidates: most documents first, then
 * alphabetical; never the token itself, never anything outside the token whitelist.
 */
export function pickTypoVariants(
  token: string,
  candidates: readonly { term: string; documents: number }[],
  max = MAX_TYPO_VARIANTS,
): string[] {
  if (!isTypoTolerant(token)) return [];
  const best = new Map<string, number>();
  for (const { term, documents } of candidates) {
    if (term === token || !TOKEN_PATTERN.test(term) || !withinOneEdit(token, term)) continue;
    best.set(term, Math.max(best.get(term) ?? 0, documents));
  }
  return [...best]
    .sort(([termA, docsA], [termB, docsB]) => docsB - docsA || (termA < termB ? -1 : termA > termB ? 1 : 0))
    .slice(0, max)
    .map(([term]) => term);
}

/** Terms with the variants found for them (keyed by token); unsafe variants are dropped, not quoted. */
export function withTypoVariants(terms: readonly SearchTerm[], found: ReadonlyMap<string, readonly string[]>): SearchTerm[] {
  return terms.map((term) => ({
    ...term,
    variants: [...new Set((found.get(term.token) ?? []).filter((variant) => variant !== term.token && TOKEN_PATTERN.test(variant)))].slice(
      0,
      MAX_TYPO_VARIANTS,
    ),
  }));
}

/** The query's words as typed (no prefixes, no typo variants), space-separated: an exact title normalises to this. */
export function titlePhrase(terms: readonly SearchTerm[]): string {
  return terms
    .filter((term) => TOKEN_PATTERN.test(term.token))
    .map((term) => term.token)
    .join(' ');
}
