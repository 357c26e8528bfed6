import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { wrapText } from './pdf-text';

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
  font: PDFFont;
  size: number;
  color?: RGB;
  /** Distance between baselines; 1.45 × size when omitted. */
  leading?: number;
}

const leadingOf = (style: TextStyle): number => style.leading ?? style.size * 1.45;

/** Height a wrapped paragraph takes. */
export function paragraphHeight(text: string, style: TextStyle, width: number): number {
  return wrapText(text, style.font, style.size, width).length * leadingOf(style);
}

/**
 * Draws `text` wrapped to `width` with its first baseline one line below `top`; returns the y under the
 * last line, where the next block may start.
 */
export function drawParagraph(page: PDFPage, text: string, style: TextStyle, x: number, top: number, width: number): number {
  const leading = leadingOf(style);
  let y = top;
  for (const line of wrapText(text, style.font, style.size, width)) {
    y -= leading;
    page.drawText(line, { x, y: y + (leading - style.size) / 2, size: style.size, font: style.font, color: style.color ?? PDF_COLORS.text });
  }
  return y;
}

/** One line, right-aligned at `right`. */
export function drawRightAligned(page: PDFPage, text: string, style: TextStyle, right: number, y: number): void {
  const width = style.font.widthOfTextAtSize(text, style.size);
  page.drawText(text, { x: right - width, y, size: style.size, font: style.font, color: style.color ?? PDF_COLORS.text });
}
