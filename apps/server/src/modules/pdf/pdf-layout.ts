import { formatOfferDate } from '@careers/contracts';
import { rgb, type PDFPage, type RGB } from 'pdf-lib';
import { resolveLocale } from '@careers/i18n/locale-list';
import { translator, type MessageParams, type Translate } from '../../i18n/catalogues';
import type { FontName } from './pdf-fonts';
import type { Direction, Typesetter } from './pdf-typesetter';

/** Shared look of the PDFs we generate (DESIGN.md "Visual language": neutral greys, one brand colour). */
export const PDF_COLORS = {
  brand: rgb(0.118, 0.227, 0.541),
  text: rgb(0.12, 0.13, 0.15),
  muted: rgb(0.4, 0.43, 0.48),
  rule: rgb(0.84, 0.86, 0.9),
  stripe: rgb(0.955, 0.965, 0.98),
  white: rgb(1, 1, 1),
} as const;

/** US Letter in points, with one-inch side margins. */
export const LETTER_PAGE = { width: 612, height: 792, margin: 72 } as const;

export interface TextStyle {
  role: FontName;
  size: number;
  color?: RGB;
  /** Distance between baselines; 1.45 × size when omitted. */
  leading?: number;
  /** `auto` for text that stands alone (a name, an address); the document's direction otherwise. */
  direction?: Direction | 'auto';
}

const leadingOf = (style: TextStyle): number => style.leading ?? style.size * 1.45;

/** Height a wrapped paragraph takes. */
export function paragraphHeight(type: Typesetter, text: string, style: TextStyle, width: number): number {
  return type.wrap(text, style.role, style.size, width).length * leadingOf(style);
}

/**
 * Draws `text` wrapped to `width` with its first baseline one line below `top`; returns the y under the
 * last line, where the next block may start. `x` is from the page's inline-start edge (pdf-typesetter.ts).
 */
export function drawParagraph(type: Typesetter, page: PDFPage, text: string, style: TextStyle, x: number, top: number, width: number): number {
  const leading = leadingOf(style);
  let y = top;
  for (const line of type.wrap(text, style.role, style.size, width)) {
    y -= leading;
    drawLine(type, page, line, style, x, y + (leading - style.size) / 2);
  }
  return y;
}

/** One line at `x` from the inline start; returns its width. */
export function drawLine(type: Typesetter, page: PDFPage, text: string, style: TextStyle, x: number, y: number): number {
  return type.draw(page, text, { x, y, size: style.size, role: style.role, color: style.color ?? PDF_COLORS.text, direction: style.direction });
}

/** One line ending at `end` (from the inline start): the right edge in ltr, the left in rtl. */
export function drawAtEnd(type: Typesetter, page: PDFPage, text: string, style: TextStyle, end: number, y: number): void {
  type.draw(page, text, { x: 0, width: end, align: 'end', y, size: style.size, role: style.role, color: style.color ?? PDF_COLORS.text, direction: style.direction });
}

/** The x of a shape drawn `width` wide at `x` from the inline start, in page coordinates. */
export function shapeX(type: Typesetter, page: PDFPage, x: number, width = 0): number {
  return type.direction === 'ltr' ? x : page.getWidth() - x - width;
}

/** The largest size up to `max` at which one line of `text` fits in `width` (long names shrink, never overflow). */
export function fitSize(type: Typesetter, text: string, role: FontName, width: number, max: number): number {
  const atOne = type.width(text, role, 1);
  return atOne === 0 ? max : Math.max(4, Math.min(max, width / atOne));
}

/**
 * The fixed texts of our PDFs in one language (the `pdf` catalogue). Every string parameter is a name or a
 * value someone else wrote, so it is wrapped in first-strong isolates: an English company name keeps its
 * own direction inside an Arabic sentence, and the sentence's punctuation stays where the sentence put it.
 */
export type PdfTranslate = Translate & { readonly locale: string };

export function pdfTranslator(locale: string | null | undefined, namespace = 'pdf'): PdfTranslate {
  const code = resolveLocale(locale);
  const translate = translator(code, namespace);
  const numbers = new Intl.NumberFormat(code);
  const t = (key: string, params: MessageParams = {}): string =>
    translate(
      key,
      Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          // `count` stays a number: the translator picks the plural form by it.
          typeof value === 'string' ? `\u2068${value}\u2069` : name === 'count' ? value : numbers.format(value),
        ]),
      ),
    );
  return Object.assign(t, { locale: code });
}

/** A day in the letter's language: spec §9's MM/DD/YYYY in English, the locale's own numeric form otherwise; in UTC. */
export function pdfDate(locale: string, date: Date): string {
  if (locale === 'en') return formatOfferDate(date.toISOString());
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(date);
}

/** Text for the PDF's metadata (title, subject), where bidi controls would show as boxes. */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');

/** Every string inside a value (an object's, an array's), for handing a document's texts to createTypesetter. */
export function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}
