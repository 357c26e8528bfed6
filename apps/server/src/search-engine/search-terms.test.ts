import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_TOKENS,
  MAX_TOKEN_LENGTH,
  MAX_TYPO_VARIANTS,
  deletionVariants,
  isTypoTolerant,
  normalizeSearchText,
  pickTypoVariants,
  searchTerms,
  searchTokens,
  titlePhrase,
  withTypoVariants,
  withinOneEdit,
} from './search-terms';

/** What a term's token and variants may be: letters and digits, then combining marks — no syntax of any kind. */
const TOKEN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*$/u;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const syntax = fc.constantFrom(
  '"', "'", '*', 'NEAR', 'NEAR(', 'AND', 'OR', 'NOT', '-', ':', '^', '(', ')', '{', '}', '\u0000', '\\', '&', '|', '!',
  '<->', ':*', '__proto__', 'constructor', 'col:', '+', '%', ';', '--', '/*', 'é', 'İ', 'ß', '\u0301', 'ह', 'ि', '日本', '😀',
);
const hostile = fc
  .tuple(
    fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), loneSurrogate, syntax, fc.string({ maxLength: 12 })), { maxLength: 30 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([parts, separator]) => parts.join(separator));
const bigInput = fc.string({ unit: 'binary', minLength: 10_000, maxLength: 10_240 });

describe('searchTokens', () => {
  it('keeps letters and digits only, folded and without diacritics', () => {
    expect(searchTokens('Senior "Software" Engineer* NEAR(Montréal) -remote col:x ^y')).toEqual([
      'senior', 'software', 'engineer', 'near', 'montreal', 'remote', 'col', 'x', 'y',
    ]);
    expect(searchTokens('C++ / Node.js, 3D')).toEqual(['c', 'node', 'js', '3d']);
    expect(searchTokens('İstanbul ŞEHİR Crème brûlée')).toEqual(['istanbul', 'sehir', 'creme', 'brulee']);
    expect(searchTokens('Straße')).toEqual(['straße']);
    expect(searchTokens('हिन्दी 日本語')).toEqual(['हिन्दी', '日本語']);
    expect(searchTokens('\u0000\ud800nurse\udc00')).toEqual(['nurse']);
    expect(searchTokens('"*:^()-')).toEqual([]);
    expect(searchTokens(undefined as unknown as string)).toEqual([]);
  });

  it('deduplicates and caps the number and length of tokens', () => {
    expect(searchTokens('nurse Nurse NURSE')).toEqual(['nurse']);
    expect(searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_TOKENS);
    expect(Array.from(searchTokens('a'.repeat(500))[0] ?? '')).toHaveLength(MAX_TOKEN_LENGTH);
  });

  it('normalises index text the same way, uncapped', () => {
    expect(normalizeSearchText('Registered Nurse — Boston, MA (night-shift)')).toBe('registered nurse boston ma night shift');
    expect(normalizeSearchText(Array.from({ length: 20 }, () => 'x').join(' ')).split(' ')).toHaveLength(20);
  });
});

describe('the hand-written token scan', () => {
  // The definition the scan replaces (for speed): the same tokens, in the same order.
  // eslint-disable-next-line no-misleading-character-class -- ranges of lone combining marks, as in search-terms.ts
  const marks = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
  const reference = (text: string): string =>
    Array.from(text.toLowerCase().normalize('NFKD').replace(marks, '').normalize('NFC').matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu), (match) => {
      const points = Array.from(match[0]);
      return points.length > 64 ? points.slice(0, 64).join('') : match[0];
    }).join(' ');

  it('tokenises exactly like the Unicode-property regex', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 120 }), hostile), (text) => {
        expect(normalizeSearchText(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
    expect(normalizeSearchText('Ünïcödé — São Paulo 2–5 ROS2 हिंदी 𝔘𝔫𝔦')).toBe(reference('Ünïcödé — São Paulo 2–5 ROS2 हिंदी 𝔘𝔫𝔦'));
  });
});

describe('search terms', () => {
  it('prefix-matches tokens of three letters or more', () => {
    expect(searchTerms('engin at NY')).toEqual([
      { token: 'engin', prefix: true, variants: [] },
      { token: 'at', prefix: false, variants: [] },
      { token: 'ny', prefix: false, variants: [] },
    ]);
  });

  it('adds typo variants as exact alternatives, dropping unsafe ones and the token itself', () => {
    const terms = withTypoVariants(searchTerms('nurce bostn'), new Map([
      ['nurce', ['nurse', 'nurse', 'nurce', 'bad"one', 'x y']],
      ['bostn', ['boston']],
    ]));
    expect(terms.map((term) => term.variants)).toEqual([['nurse'], ['boston']]);
  });

  it('gives nothing to search for syntax alone', () => {
    expect(searchTerms(' -- "" ** ')).toEqual([]);
    expect(titlePhrase([{ token: 'bad"', prefix: true, variants: [] }])).toBe('');
  });

  it('builds the title phrase of the words as typed, without prefixes or variants', () => {
    const terms = withTypoVariants(searchTerms('Software "Engineer"*'), new Map([['software', ['softwares']]]));
    expect(titlePhrase(terms)).toBe('software engineer');
  });

  it('keeps only whitelisted tokens for hostile input (T15, issue 3 bad input)', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 300 })), (text) => {
        const terms = searchTerms(text);
        expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TOKENS);
        for (const term of terms) expect(term.token).toMatch(TOKEN);
        const phrase = titlePhrase(terms);
        expect(phrase === '').toBe(terms.length === 0);
        if (phrase !== '') for (const word of phrase.split(' ')) expect(word).toMatch(TOKEN);
      }),
      { numRuns: 3000 },
    );
  });

  it('handles 10 KB inputs quickly and within the whitelist', () => {
    fc.assert(
      fc.property(bigInput, (text) => {
        for (const term of searchTerms(text)) expect(term.token).toMatch(TOKEN);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps typo variants inside the whitelist whatever the vocabulary holds', () => {
    fc.assert(
      fc.property(hostile, fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 6 }), (text, vocabulary) => {
        const terms = searchTerms(text);
        const expanded = withTypoVariants(terms, new Map(terms.map((term) => [term.token, vocabulary])));
        for (const term of expanded) {
          expect(term.variants.length).toBeLessThanOrEqual(MAX_TYPO_VARIANTS);
          for (const variant of term.variants) expect(variant).toMatch(TOKEN);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('typo tolerance pieces', () => {
  it('accepts one substitution, insertion, deletion or swap', () => {
    expect(withinOneEdit('nurse', 'nurse')).toBe(true);
    expect(withinOneEdit('nurse', 'nurce')).toBe(true);
    expect(withinOneEdit('nurse', 'nurses')).toBe(true);
    expect(withinOneEdit('nurse', 'nuse')).toBe(true);
    expect(withinOneEdit('nurse', 'nruse')).toBe(true);
    expect(withinOneEdit('nurse', 'nrsue')).toBe(false);
    expect(withinOneEdit('nurse', 'nursing')).toBe(false);
    expect(withinOneEdit('abxd', 'abdy')).toBe(false);
    expect(withinOneEdit('😀abc', '😁abc')).toBe(true);
  });

  it('matches the edit distance definition (optimal string alignment ≤ 1)', () => {
    const osa = (a: string[], b: string[]): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i += 1) {
        for (let j = 1; j <= b.length; j += 1) {
          const row = d[i] as number[];
          const up = d[i - 1] as number[];
          row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
          }
        }
      }
      return (d[a.length] as number[])[b.length] as number;
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '😀'), maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinOneEdit(a, b)).toBe(osa(Array.from(a), Array.from(b)) <= 1);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds every one-edit neighbour through shared deletion variants', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        if (!withinOneEdit(a, b)) return;
        const keys = new Set(deletionVariants(a));
        expect(deletionVariants(b).some((variant) => keys.has(variant))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(deletionVariants('abb').sort()).toEqual(['ab', 'abb', 'bb']);
  });

  it('applies to words of five letters or more, never to numbers', () => {
    expect(isTypoTolerant('nurse')).toBe(true);
    expect(isTypoTolerant('nurs')).toBe(false);
    expect(isTypoTolerant('12345')).toBe(false);
    expect(pickTypoVariants('nurs', [{ term: 'nurse', documents: 9 }])).toEqual([]);
  });

  it('picks the most frequent one-edit variants, safely', () => {
    expect(
      pickTypoVariants('nurce', [
        { term: 'nurse', documents: 40 },
        { term: 'nudge', documents: 99 },
        { term: 'nuance', documents: 5 },
        { term: 'nurce', documents: 1 },
        { term: 'purce', documents: 40 },
        { term: 'nurcé"', documents: 500 },
        { term: 'nurse', documents: 2 },
      ]),
    ).toEqual(['nurse', 'purce']);
  });
});
