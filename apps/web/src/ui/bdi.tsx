import { Fragment, createElement, type ReactNode } from 'react';

/**
 * Text a tenant or a candidate wrote (form labels and help texts, option labels, section and job titles,
 * locations, departments, company names, answers shown back), isolated so it takes the direction of its
 * own characters: the tenant's "Where do you live?" on an Arabic page keeps its question mark at its end
 * instead of "?Where do you live" (issue 13, bidi-safe user content).
 *
 * The convention: an element that holds only such text gets `dir="auto"` itself (a job title's <h1>, an
 * <option>); where it sits inline beside our own translated text or marks (a label with its required
 * asterisk), it goes in <Bdi>; inside one of our translated sentences ("Apply for {title}"), the sentence
 * comes from translateWithBdi; where only a string can go (an aria-label, a title, a toast), isolate().
 * All of them leave the block's alignment to the page.
 */
export function Bdi({ children }: { children: ReactNode }) {
  return <bdi dir="auto">{children}</bdi>;
}

/** "Nursing · Boston": the non-empty parts, each isolated, joined by a middle dot. */
export function BdiJoin({ parts }: { parts: readonly (string | null | undefined)[] }) {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part, index) => (
      <Fragment key={index}>
        {index > 0 ? ' · ' : null}
        <Bdi>{part}</Bdi>
      </Fragment>
    ));
}

/**
 * The same isolation inside a plain string, for tenant text interpolated into one of our sentences
 * ("Step 2 of 3: {title}") or where no element can go (an <option>, an aria-label): U+2068 FIRST STRONG
 * ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, the characters <bdi dir="auto"> stands for.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** The shape of i18next's `t` this needs: a key and its values in, the sentence out. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** U+E000…: private-use characters no catalogue holds, one standing in for each piece of user text. */
const FIRST_MARKER = 0xe000;

/**
 * One of our translated sentences with the tenant's or candidate's text in it, each piece in its own <Bdi>:
 * "Apply for {title}" on an Arabic page keeps an English title from pulling the sentence's words and
 * punctuation around (issue 13). `userText` holds the interpolated text to isolate; `params` the rest (a
 * count for plurals, numbers and dates already formatted, our own words), which stay plain. The catalogues
 * are untouched: each user text goes through `t` as a marker, and the sentence is cut at the markers, so
 * its text content is what `t` gives with the plain values, whatever order the language puts them in, a
 * value used twice or not at all included.
 *
 * For a string-only place (an aria-label, a title attribute, a toast) pass `isolate(value)` to `t` instead.
 */
export function translateWithBdi(t: Translate, key: string, userText: Readonly<Record<string, string>>, params?: Readonly<Record<string, unknown>>): ReactNode {
  const names = Object.keys(userText);
  if (names.length === 0) return t(key, params);
  const markerOf = (index: number) => String.fromCharCode(FIRST_MARKER + index);
  const markers = Object.fromEntries(names.map((name, index) => [name, markerOf(index)]));
  const sentence = t(key, { ...params, ...markers });
  // The capturing group keeps each marker: even pieces are our words, odd ones the markers between them.
  const pieces = sentence.split(new RegExp(`([${markerOf(0)}-${markerOf(names.length - 1)}])`));
  const children = pieces.map((piece, index) => {
    if (index % 2 === 0) return piece;
    const value = userText[names[piece.charCodeAt(0) - FIRST_MARKER] ?? ''] ?? '';
    return value ? <Bdi key={index}>{value}</Bdi> : null;
  });
  return createElement(Fragment, null, ...children);
}
