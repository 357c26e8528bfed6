import bidiFactory from 'bidi-js';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { isRtlLocale } from '@careers/i18n/locale-list';
import { embedFont, type FontKey, type FontName, type ScriptFont } from './pdf-fonts';
import { cjkOrder, placeChars, type PlacedChar } from './pdf-script';

/**
 * Lays out and draws text in any script and either direction on pdf-lib pages (issue 13), which by itself
 * draws one font, left to right, one line at a time:
 *
 * - each character goes to a font that draws it (pdf-script.ts), and a line is drawn as runs of one font;
 * - the Unicode bidirectional algorithm (bidi-js) orders the runs of a line: an Arabic sentence with an
 *   English job title in it reads right to left with the title left to right inside it; mirrored characters
 *   such as parentheses are swapped in right-to-left text;
 * - fontkit's OpenType layout shapes each run (Arabic joining forms, Devanagari conjuncts, Thai marks), and
 *   itself turns a run of a right-to-left script around; other right-to-left runs are turned here;
 * - lines wrap at spaces, and inside Thai, Chinese and Japanese text (written without spaces) where
 *   Intl.Segmenter finds a word boundary, never before a closing punctuation mark;
 * - in a right-to-left document every position is mirrored: `x` is measured from the inline start of the
 *   page, so the same layout code draws an Arabic certificate with its labels on the right.
 *
 * Fonts are embedded before drawing (pdf-lib embeds asynchronously), from every text the document will draw:
 * `createTypesetter` is given them all.
 */

export type Direction = 'ltr' | 'rtl';

export interface DrawOptions {
  /** Distance from the inline-start edge of the page (the left in ltr, the right in rtl). */
  x: number;
  y: number;
  size: number;
  role: FontName;
  color: RGB;
  /** The box the line sits in from `x`; with `align: 'end'` the line ends at its far edge. */
  width?: number;
  align?: 'start' | 'end';
  /**
   * The paragraph's own direction: the document's by default (our sentences), `auto` for text that stands
   * alone and takes the direction of its first strong character (a name, an address, a user agent).
   */
  direction?: Direction | 'auto';
}

export interface Typesetter {
  readonly locale: string;
  readonly direction: Direction;
  /** Width of one line of text at `size`. */
  width(text: string, role: FontName, size: number): number;
  /** The lines `text` wraps into within `maxWidth`, in logical order. */
  wrap(text: string, role: FontName, size: number, maxWidth: number): string[];
  /** Draws one line; returns its width. */
  draw(page: PDFPage, text: string, options: DrawOptions): number;
}

const bidi = bidiFactory();

export async function createTypesetter(doc: PDFDocument, options: { locale: string; roles: readonly FontName[]; texts: Iterable<string> }): Promise<Typesetter> {
  const cjk = cjkOrder(options.locale);
  const needed = new Set<FontKey>(options.roles);
  for (const text of options.texts) {
    for (const role of options.roles) for (const char of placeChars(text, role, cjk)) if (char.font) needed.add(char.font);
  }
  const fonts = new Map<FontKey, PDFFont>();
  for (const key of needed) fonts.set(key, await embedFont(doc, key));
  return typesetter(options.locale, fonts, cjk);
}

function typesetter(locale: string, fonts: ReadonlyMap<FontKey, PDFFont>, cjk: readonly ScriptFont[]): Typesetter {
  const direction: Direction = isRtlLocale(locale) ? 'rtl' : 'ltr';
  const fontOf = (key: FontKey): PDFFont => {
    const font = fonts.get(key);
    // A text drawn that createTypesetter was not given: a bug in the caller, not a reason to draw nothing.
    if (!font) throw new Error(`The font ${key} was not embedded: pass every drawn text to createTypesetter`);
    return font;
  };
  /** Width at size 1 of one run, measured once (fontkit's layout is the slow part of drawing). */
  const runWidth = measuredOnce((font: FontKey, text: string) => fontOf(font).widthOfTextAtSize(text, 1));
  /** Width at size 1 of a piece of text in a role, measured once (a letter measures the same words many times). */
  const unitWidth = measuredOnce((text: string, role: FontName) =>
    fontRuns(placeChars(text, role, cjk)).reduce((sum, run) => sum + runWidth(run.font, run.text), 0),
  );

  return {
    locale,
    direction,
    width: (text, role, size) => unitWidth(text, role) * size,
    wrap: (text, role, size, maxWidth) => wrapLines(text, locale, maxWidth / size, (piece) => unitWidth(piece, role)),
    draw(page, text, options) {
      const placed = placeChars(text, options.role, cjk);
      const runs = visualRuns(placed, text, options.direction === 'auto' ? undefined : (options.direction ?? direction));
      const width = runs.reduce((sum, run) => sum + runWidth(run.font, run.text), 0) * options.size;
      const boxWidth = options.width ?? 0;
      const fromStart = options.align === 'end' ? boxWidth - width : 0;
      const pageWidth = page.getWidth();
      let left = direction === 'ltr' ? options.x + fromStart : pageWidth - options.x - fromStart - width;
      for (const run of runs) {
        page.drawText(run.text, { x: left, y: options.y, size: options.size, font: fontOf(run.font), color: options.color });
        left += runWidth(run.font, run.text) * options.size;
      }
      return width;
    },
  };
}

/** A two-string measure remembered by its arguments. */
function measuredOnce<A extends string, B extends string>(measure: (a: A, b: B) => number): (a: A, b: B) => number {
  const known = new Map<string, number>();
  return (a, b) => {
    const id = `${a}\u0000${b}`;
    let width = known.get(id);
    if (width === undefined) {
      width = measure(a, b);
      known.set(id, width);
    }
    return width;
  };
}

interface Run {
  font: FontKey;
  text: string;
}

/** Consecutive characters of one font, in logical order (for measuring). */
function fontRuns(placed: readonly PlacedChar[]): Run[] {
  const runs: Run[] = [];
  for (const char of placed) {
    if (char.font === null) continue;
    const last = runs[runs.length - 1];
    if (last && last.font === char.font) last.text += char.text;
    else runs.push({ font: char.font, text: char.text });
  }
  return runs;
}

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** fontkit turns a run around itself when its first character of a real script is of a right-to-left one. */
function fontkitTurnsAround(text: string): boolean {
  for (const char of text) {
    if (NEUTRAL.test(char)) continue;
    return RTL_SCRIPT.test(char);
  }
  return false;
}

/**
 * The line's runs left to right as they appear on the page: each a font and the text to hand pdf-lib, which
 * shapes it (and turns a run of a right-to-left script around itself).
 */
function visualRuns(placed: readonly PlacedChar[], text: string, baseDirection: Direction | undefined): Run[] {
  if (baseDirection !== 'rtl' && !placed.some((char) => char.font !== null && bidiMayMatter(char.text))) return fontRuns(placed);
  const levels = bidi.getEmbeddingLevels(text, baseDirection);
  // Visual order of the code points: reverse the code units as bidi-js says, then keep each code point's first unit.
  const order = Array.from({ length: text.length }, (_, index) => index);
  for (const segment of bidi.getReorderSegments(text, levels)) {
    const [start, end] = segment as [number, number];
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const byIndex = new Map(placed.map((char) => [char.index, char]));
  const runs: (Run & { level: number; first: number; last: number })[] = [];
  for (const index of order) {
    const char = byIndex.get(index);
    if (!char || char.font === null) continue;
    const level = levels.levels[index] as number;
    const rtl = level % 2 === 1;
    const shown = rtl ? (bidi.getMirroredCharacter(char.text) ?? char.text) : char.text;
    const last = runs[runs.length - 1];
    // One run: one font, one level, and logically next to the previous character in the reading direction.
    if (last && last.font === char.font && last.level === level && (rtl ? index < last.last : index > last.last) && adjacent(placed, last.last, index)) {
      last.text = rtl ? shown + last.text : last.text + shown;
      last.last = index;
    } else {
      runs.push({ font: char.font, text: shown, level, first: index, last: index });
    }
  }
  // `text` of a right-to-left run is in logical order: pdf-lib gets it so when fontkit turns it around itself.
  return runs.map((run) => ({ font: run.font, text: run.level % 2 === 1 && !fontkitTurnsAround(run.text) ? reverseCodePoints(run.text) : run.text }));
}

/** True when no drawn character lies between two code points (isolate controls do not count). */
function adjacent(placed: readonly PlacedChar[], a: number, b: number): boolean {
  const [low, high] = a < b ? [a, b] : [b, a];
  return !placed.some((char) => char.index > low && char.index < high && char.font !== null);
}

/** Characters that can make a line anything but left to right. */
function bidiMayMatter(text: string): boolean {
  const code = text.codePointAt(0) as number;
  return (code >= 0x0590 && code <= 0x08ff) || (code >= 0xfb1d && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff) || (code >= 0x200e && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x10800 && code <= 0x10fff) || (code >= 0x1e800 && code <= 0x1efff);
}

const reverseCodePoints = (text: string): string => [...text].reverse().join('');

/** Characters that must not begin a line (closing punctuation of CJK and Latin text alike). */
const NO_BREAK_BEFORE = /^[\p{Pe}\p{Pf}\p{Po}ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
const WITHOUT_SPACES = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) segmenters.set(locale, (found = new Intl.Segmenter(locale, { granularity: 'word' })));
  return found;
}

const BREAKING_SPACE = /[^\S\u00a0\u2007\u202f]+/;

/** A word as the wrapper places it: `glued` pieces join the one before without a space. */
interface Piece {
  text: string;
  glued: boolean;
}

function pieces(text: string, locale: string): Piece[] {
  const out: Piece[] = [];
  // Breaking spaces only: a no-break space ("5 %", "z. B.", French « ») keeps its neighbours on one line.
  for (const word of text.split(BREAKING_SPACE).filter(Boolean)) {
    if (!WITHOUT_SPACES.test(word)) {
      out.push({ text: word, glued: false });
      continue;
    }
    let first = true;
    for (const { segment } of segmenter(locale).segment(word)) {
      const last = out[out.length - 1];
      // Closing punctuation and small kana stay on the line of the word before them.
      if (!first && last && NO_BREAK_BEFORE.test(segment)) last.text += segment;
      else out.push({ text: segment, glued: !first });
      first = false;
    }
  }
  return out;
}

/**
 * Greedy wrap of `text` into lines no wider than `unit` (widths at size 1); a piece wider than the line (a
 * user agent, a hash) is cut by characters so nothing runs off the page.
 */
export function wrapLines(text: string, locale: string, unit: number, measure: (piece: string) => number): string[] {
  const space = measure(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const piece of pieces(text, locale)) {
    const width = measure(piece.text);
    const gap = piece.glued ? 0 : space;
    if (line !== '' && lineWidth + gap + width <= unit) {
      line += piece.glued ? piece.text : ` ${piece.text}`;
      lineWidth += gap + width;
      continue;
    }
    if (line !== '') lines.push(line);
    if (width <= unit) {
      line = piece.text;
      lineWidth = width;
      continue;
    }
    const cut = cutByCharacters(piece.text, unit, measure);
    lines.push(...cut.slice(0, -1));
    line = cut[cut.length - 1] ?? '';
    lineWidth = measure(line);
  }
  if (line !== '') lines.push(line);
  return lines;
}

function cutByCharacters(word: string, unit: number, measure: (piece: string) => number): string[] {
  const cut: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && measure(piece + char) > unit) {
      cut.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') cut.push(piece);
  return cut;
}
