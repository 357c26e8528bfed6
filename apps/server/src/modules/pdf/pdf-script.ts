import { SCRIPT_FONTS, fontHas, scriptFontKey, type FontKey, type FontName, type ScriptFont } from './pdf-fonts';

/**
 * Which font draws each character of a text (issue 13: every script in our PDFs): the role's DejaVu font
 * for what it draws well, the script's Noto font for Arabic, Hebrew, Thai, Devanagari and CJK, and for a
 * character neither covers, any font that does, else U+FFFD so a missing glyph shows instead of vanishing.
 * Punctuation, digits, spaces and combining marks stay in the font of the text around them, so "سلام،" or
 * "東京、大阪" is one run in one font, shaped as one.
 */

/**
 * Bidi formatting characters: the isolates our sentences put around inserted names (U+2066–U+2069), the marks
 * Intl puts into Arabic and Hebrew dates (U+200F), embeddings and overrides. The bidi pass reads them; no
 * font draws them.
 */
export const isBidiControl = (code: number): boolean =>
  code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

const COMMON_OR_INHERITED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The script font a character belongs in, or null for one the role's own font should draw. */
function scriptOf(code: number, cjk: readonly ScriptFont[]): readonly ScriptFont[] | null {
  if ((code >= 0x0600 && code <= 0x08ff) || (code >= 0xfb50 && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff)) return ['arabic'];
  if ((code >= 0x0590 && code <= 0x05ff) || (code >= 0xfb1d && code <= 0xfb4f)) return ['hebrew'];
  if (code >= 0x0e00 && code <= 0x0e7f) return ['thai'];
  if ((code >= 0x0900 && code <= 0x097f) || (code >= 0xa8e0 && code <= 0xa8ff)) return ['devanagari'];
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) || (code >= 0xff66 && code <= 0xff9f)) return ['jp', ...cjk];
  if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f) || (code >= 0xac00 && code <= 0xd7af)) return ['kr'];
  if (
    (code >= 0x2e80 && code <= 0x2fdf) ||
    (code >= 0x3000 && code <= 0x303f) ||
    (code >= 0x3190 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x3134f)
  ) {
    return cjk;
  }
  return null;
}

/** Han characters in the candidate's own regional forms first: a Japanese letter in Japanese glyphs, and so on. */
export function cjkOrder(locale: string): readonly ScriptFont[] {
  const first: ScriptFont = locale === 'ja' ? 'jp' : locale === 'ko' ? 'kr' : locale === 'zh-TW' ? 'tc' : 'sc';
  return [first, ...(['sc', 'jp', 'tc', 'kr'] as const).filter((font) => font !== first)];
}

export const REPLACEMENT = 0xfffd;

/** One code point of a text, with the font that draws it (null for a bidi control, drawn by none). */
export interface PlacedChar {
  /** Index of its first UTF-16 unit in the text. */
  index: number;
  text: string;
  font: FontKey | null;
}

/**
 * Assigns a font to every code point of `text` for drawing in `role`. Control characters become spaces (a drawn
 * line has no breaks; a user agent or a name must not smuggle layout in) and characters no font covers U+FFFD.
 */
export function placeChars(text: string, role: FontName, cjk: readonly ScriptFont[]): PlacedChar[] {
  const placed: PlacedChar[] = [];
  let previous: FontKey | null = null;
  let index = 0;
  for (const raw of text) {
    const code = raw.codePointAt(0) as number;
    let char = raw;
    let font: FontKey | null;
    if (isBidiControl(code)) {
      font = null;
    } else {
      if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) char = ' ';
      font = fontFor(char.codePointAt(0) as number, role, cjk, previous);
      if (font === null) {
        char = String.fromCodePoint(REPLACEMENT);
        font = role;
      }
      previous = font;
    }
    placed.push({ index, text: char, font });
    index += raw.length;
  }
  return placed;
}

function fontFor(code: number, role: FontName, cjk: readonly ScriptFont[], previous: FontKey | null): FontKey | null {
  if (previous !== null && COMMON_OR_INHERITED.test(String.fromCodePoint(code)) && fontHas(previous, code)) return previous;
  const scripts = scriptOf(code, cjk);
  if (scripts) {
    for (const script of scripts) if (fontHas(scriptFontKey(script, role), code)) return scriptFontKey(script, role);
  }
  if (fontHas(role, code)) return role;
  for (const script of SCRIPT_FONTS) if (fontHas(scriptFontKey(script, role), code)) return scriptFontKey(script, role);
  return null;
}
