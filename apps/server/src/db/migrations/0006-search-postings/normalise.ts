/**
 * Migration 0006's frozen copy of the search text normaliser (search-engine/search-terms.ts as of
 * issue 8): the postings this migration backfills must not change when the live engine does, since a
 * migration's result is history (issue 8 §5). Never import this from live code.
 */

/** Longer "words" (pasted hashes, base64) are cut: nothing in a job posting is longer. */
const MAX_TOKEN_LENGTH = 64;
// Combining diacritical marks (and their extensions/supplement/half marks), stripped after NFKD. Other
// marks (Devanagari vowel signs, Thai tone marks …) are part of their words and stay.
// eslint-disable-next-line no-misleading-character-class -- ranges of lone combining marks, on purpose
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** What a token may be: letters and digits, then combining marks too. */
const TOKEN_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*$/u;

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

