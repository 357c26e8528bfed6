import type { PDFFont } from 'pdf-lib';

/**
 * Greedy word wrap for pdf-lib, which draws single lines only. A word wider than the line (a user agent,
 * a hash) is cut by characters so nothing runs off the page.
 *
 * Measuring runs fontkit's OpenType layout, which is slow (a 10-page letter spent most of a second in it),
 * so each word is measured once per font at size 1 and lines are summed from word widths. Kerning across a
 * space is ignored, which moves a line by far less than a point.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const unit = maxWidth / size;
  const space = wordWidth(font, ' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const width = wordWidth(font, word);
    if (line !== '' && lineWidth + space + width <= unit) {
      line += ` ${word}`;
      lineWidth += space + width;
      continue;
    }
    if (line !== '') lines.push(line);
    if (width <= unit) {
      line = word;
      lineWidth = width;
      continue;
    }
    const pieces = breakWord(font, word, unit);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1] ?? '';
    lineWidth = wordWidth(font, line);
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Width of a line as wrapText measures it, at `size`. */
export function textWidth(font: PDFFont, text: string, size: number): number {
  const words = text.split(' ');
  return (words.reduce((sum, word) => sum + wordWidth(font, word), 0) + (words.length - 1) * wordWidth(font, ' ')) * size;
}

const widths = new WeakMap<PDFFont, Map<string, number>>();

function wordWidth(font: PDFFont, word: string): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = cache.get(word);
  if (width === undefined) {
    width = word === '' ? 0 : font.widthOfTextAtSize(word, 1);
    cache.set(word, width);
  }
  return width;
}

function breakWord(font: PDFFont, word: string, unit: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && wordWidth(font, piece + char) > unit) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
