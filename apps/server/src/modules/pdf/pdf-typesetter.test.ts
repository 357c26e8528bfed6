import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, decodePDFRawStream, rgb, type PDFPage, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cjkOrder, placeChars } from './pdf-script';
import { createTypesetter, wrapLines, type Typesetter } from './pdf-typesetter';

const black = rgb(0, 0, 0);

/** A page that records what pdf-lib is asked to draw, left to right as it lands on the page. */
function recordingPage(width = 600) {
  const drawn: { text: string; x: number; font: string }[] = [];
  const page = {
    getWidth: () => width,
    drawText: (text: string, options: { x: number; font: { name: string } }) => drawn.push({ text, x: options.x, font: options.font.name }),
  } as unknown as PDFPage;
  return { page, drawn: () => [...drawn].sort((a, b) => a.x - b.x) };
}

async function typesetter(locale: string, texts: string[]): Promise<Typesetter> {
  return createTypesetter(await PDFDocument.create(), { locale, roles: ['sans', 'sansBold'], texts });
}

describe('placeChars: the font of each character', () => {
  const fonts = (text: string, locale = 'en') => placeChars(text, 'sans', cjkOrder(locale)).map((char) => `${char.text}:${char.font}`);

  it('draws Latin, Greek and Cyrillic in DejaVu and each other script in its Noto font', () => {
    expect(fonts('aΩж')).toEqual(['a:sans', 'Ω:sans', 'ж:sans']);
    expect(fonts('سلام')[0]).toBe('س:arabic:regular');
    expect(fonts('שלום')[0]).toBe('ש:hebrew:regular');
    expect(fonts('ไทย')[0]).toBe('ไ:thai:regular');
    expect(fonts('हिन्दी')[0]).toBe('ह:devanagari:regular');
    expect(fonts('한국')[0]).toBe('한:kr:regular');
    expect(placeChars('ب', 'sansBold', cjkOrder('en'))[0]?.font).toBe('arabic:bold');
  });

  it("draws Han characters in the reader's own regional forms", () => {
    expect(fonts('山', 'ja')[0]).toBe('山:jp:regular');
    expect(fonts('山', 'zh-TW')[0]).toBe('山:tc:regular');
    expect(fonts('山', 'ko')[0]).toBe('山:kr:regular');
    expect(fonts('山', 'zh-CN')[0]).toBe('山:sc:regular');
    expect(fonts('山', 'de')[0]).toBe('山:sc:regular');
    // Kana is Japanese whatever the page's language.
    expect(fonts('の', 'zh-CN')[0]).toBe('の:jp:regular');
  });

  it('keeps punctuation and spaces in the font of the text around them', () => {
    expect(fonts('東京、大阪', 'ja')).toEqual(['東:jp:regular', '京:jp:regular', '、:jp:regular', '大:jp:regular', '阪:jp:regular']);
    expect(fonts('سلام، ')).toEqual(['س:arabic:regular', 'ل:arabic:regular', 'ا:arabic:regular', 'م:arabic:regular', '،:arabic:regular', ' :arabic:regular']);
  });

  it('draws no bidi control, turns control characters into spaces and a character no font has into U+FFFD', () => {
    expect(fonts('a\u2068b\u2069\u200f')).toEqual(['a:sans', '\u2068:null', 'b:sans', '\u2069:null', '\u200f:null']);
    expect(fonts('a\nb\u0007')).toEqual(['a:sans', ' :sans', 'b:sans', ' :sans']);
    expect(fonts('\u{10FFFD}')).toEqual(['\uFFFD:sans']);
  });
});

describe('wrapLines', () => {
  const byLength = (piece: string): number => [...piece].length;

  it('breaks at spaces, never at a no-break space', () => {
    expect(wrapLines('aaa bbb ccc', 'en', 7, byLength)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLines('up to 5\u00a0% of pay', 'fr', 8, byLength)).toEqual(['up to', '5\u00a0% of', 'pay']);
  });

  it('breaks Thai, written without spaces, between words and loses no character', () => {
    const text = 'ยินดีต้อนรับสู่บริษัทของเรา';
    const lines = wrapLines(text, 'th', 8, byLength);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((part) => part.index);
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      at += line.length;
      expect(words).toContain(at);
    }
  });

  it('never starts a Japanese line with closing punctuation', () => {
    const text = '本書には、当社からの採用条件を記載しております。ご署名の前に、後続の諸条件とあわせて内容を十分にご確認ください。';
    for (const width of [5, 6, 7, 8, 9, 10, 11, 12]) {
      const lines = wrapLines(text, 'ja', width, byLength);
      expect(lines.join('')).toBe(text);
      for (const line of lines) expect(line).not.toMatch(/^[、。）」]/);
    }
  });

  it('cuts a word longer than the line by characters', () => {
    expect(wrapLines('abcdefghij', 'en', 4, byLength)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('Typesetter.draw', () => {
  it('orders an Arabic sentence right to left with an English title left to right inside it', async () => {
    const sentence = 'قدّم لوظيفة \u2068Senior Engineer\u2069 اليوم';
    const type = await typesetter('ar', [sentence]);
    const { page, drawn } = recordingPage();
    type.draw(page, sentence, { x: 50, y: 100, size: 10, role: 'sans', color: black });
    const runs = drawn();
    const title = runs.findIndex((run) => run.text.includes('Senior Engineer'));
    // Reading from the right: "قدّم لوظيفة", then the title, then "اليوم".
    expect(runs[title]?.text).toBe('Senior Engineer');
    expect(runs.slice(title + 1).map((run) => run.text).join('')).toContain('قدّم');
    expect(runs.slice(0, title).map((run) => run.text).join('')).toContain('اليوم');
    // Right to left: the line ends at the right margin (x is from the inline start, here the right edge).
    const last = runs[runs.length - 1] as (typeof runs)[number];
    expect(last.x + type.width(last.text, 'sans', 10)).toBeCloseTo(600 - 50, 0);
  });

  it('mirrors parentheses in right-to-left text and keeps numbers left to right', async () => {
    const text = 'خبرة 12 سنة (دبي)';
    const type = await typesetter('ar', [text]);
    const { page, drawn } = recordingPage();
    type.draw(page, text, { x: 0, y: 0, size: 10, role: 'sans', color: black });
    const runs = drawn();
    // fontkit turns an Arabic run around itself, so pdf-lib gets it in reading order, its brackets swapped.
    expect(runs.map((run) => run.text)).toContain('12');
    expect(runs.some((run) => run.text.includes(')دبي('))).toBe(true);
  });

  it('draws a left-to-right line on the left in ltr and mirrors positions in rtl', async () => {
    const english = await typesetter('en', ['Hello']);
    const arabic = await typesetter('ar', ['Hello']);
    const ltr = recordingPage();
    english.draw(ltr.page, 'Hello', { x: 72, y: 0, size: 10, role: 'sans', color: black });
    expect(ltr.drawn()[0]?.x).toBe(72);
    const rtl = recordingPage();
    arabic.draw(rtl.page, 'Hello', { x: 72, y: 0, size: 10, role: 'sans', color: black, direction: 'auto' });
    expect((rtl.drawn()[0]?.x ?? 0) + arabic.width('Hello', 'sans', 10)).toBeCloseTo(600 - 72, 5);
  });

  it('refuses to draw text it was not prepared for, rather than drawing it blank', async () => {
    const type = await typesetter('en', ['Hello']);
    expect(() => type.draw(recordingPage().page, '山', { x: 0, y: 0, size: 10, role: 'sans', color: black })).toThrow(/createTypesetter/);
  });
});

describe('embedded font subsets', () => {
  it('keep every CJK glyph readable (fontkit pads nothing; an odd-length glyph used to blank the rest)', async () => {
    const doc = await PDFDocument.create();
    const text = '日本語のテキスト、署名証明書';
    const type = await createTypesetter(doc, { locale: 'ja', roles: ['sans'], texts: [text] });
    type.draw(doc.addPage([600, 200]), text, { x: 10, y: 100, size: 12, role: 'sans', color: black });
    const saved = await PDFDocument.load(await doc.save());
    let checked = 0;
    for (const [, object] of saved.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || !object.get(PDFName.of('FontFile2'))) continue;
      const stream = saved.context.lookup(object.get(PDFName.of('FontFile2'))) as PDFRawStream;
      const font = fontkit.create(Buffer.from(decodePDFRawStream(stream).decode()));
      for (let glyph = 0; glyph < font.numGlyphs; glyph++) expect(() => font.getGlyph(glyph).path).not.toThrow();
      checked += font.numGlyphs;
    }
    expect(checked).toBeGreaterThan(text.length);
  });
});
