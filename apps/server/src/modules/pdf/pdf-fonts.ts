import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
// fontkit's bundle shapes Indic scripts (Devanagari) with generators compiled for a global regeneratorRuntime.
import 'regenerator-runtime/runtime.js';

/**
 * The fonts of every PDF we write (issue 13: every script our candidates write in). pdf-lib's standard fonts
 * are WinAnsi only, so a name like "Łukasz Żółć" would throw (DEPENDENCIES.md).
 *
 * - DejaVu draws Latin, Greek and Cyrillic and many symbols, in the five styles our layouts use ("roles").
 * - Noto Sans draws what DejaVu does not, or not well: Arabic and Hebrew (shaped by fontkit's OpenType
 *   layout), Thai, Devanagari, and the four CJK languages, each in its own regional glyph forms (a Japanese
 *   letter in Japanese forms, a Traditional Chinese one in Taiwanese forms). Regular and bold only: a script
 *   font stands in for every regular role (oblique, italic, mono) and the bold one for bold.
 *
 * pdf-typesetter.ts picks the font of each run of characters; this file only knows where the files are and
 * which characters each covers. Fonts are embedded as subsets (only the glyphs drawn end up in the file), and
 * a script font is read from disk the first time a document needs it, then kept.
 *
 * The files are read at run time from their npm packages, resolved like modules, so this works from the
 * sources (tsx, vitest) and from the esbuild bundle, which keeps node_modules external.
 */

export const FONT_FILES = {
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  sansBold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  sansOblique: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
  serifItalic: 'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
} as const;
/** A style our layouts draw text in. */
export type FontName = keyof typeof FONT_FILES;
export type FontSet<K extends FontName> = Record<K, PDFFont>;

const notoFile = (family: string, file: string, weight: 'regular' | 'bold'): string =>
  weight === 'regular' ? `@expo-google-fonts/${family}/400Regular/${file}_400Regular.ttf` : `@expo-google-fonts/${family}/700Bold/${file}_700Bold.ttf`;

/** The script fonts, in the order a character no preferred font covers tries them. */
export const SCRIPT_FONTS = ['arabic', 'hebrew', 'thai', 'devanagari', 'sc', 'jp', 'kr', 'tc'] as const;
export type ScriptFont = (typeof SCRIPT_FONTS)[number];
const SCRIPT_FAMILIES: Record<ScriptFont, [family: string, file: string]> = {
  arabic: ['noto-sans-arabic', 'NotoSansArabic'],
  hebrew: ['noto-sans-hebrew', 'NotoSansHebrew'],
  thai: ['noto-sans-thai', 'NotoSansThai'],
  devanagari: ['noto-sans-devanagari', 'NotoSansDevanagari'],
  sc: ['noto-sans-sc', 'NotoSansSC'],
  jp: ['noto-sans-jp', 'NotoSansJP'],
  kr: ['noto-sans-kr', 'NotoSansKR'],
  tc: ['noto-sans-tc', 'NotoSansTC'],
};

/** A concrete font file: one of the DejaVu roles, or a script font in one weight. */
export type FontKey = FontName | `${ScriptFont}:${'regular' | 'bold'}`;

export const scriptFontKey = (script: ScriptFont, role: FontName): FontKey => `${script}:${role === 'sansBold' ? 'bold' : 'regular'}`;

function fileOf(key: FontKey): string {
  if (key in FONT_FILES) return FONT_FILES[key as FontName];
  const [script, weight] = key.split(':') as [ScriptFont, 'regular' | 'bold'];
  const [family, file] = SCRIPT_FAMILIES[script];
  return notoFile(family, file, weight);
}

// A CommonJS bundle has no import.meta.url; resolving from the working directory still finds node_modules.
const resolver = createRequire(import.meta.url || pathToFileURL(join(process.cwd(), 'index.js')).href);

interface LoadedFont {
  bytes: Uint8Array;
  characters: ReadonlySet<number>;
}
const loaded = new Map<FontKey, LoadedFont>();

function loadFont(key: FontKey): LoadedFont {
  let font = loaded.get(key);
  if (!font) {
    const bytes = readFileSync(resolver.resolve(fileOf(key)));
    font = { bytes, characters: new Set(fontkit.create(bytes).characterSet) };
    loaded.set(key, font);
  }
  return font;
}

/** True when the font has a glyph for the character. */
export function fontHas(key: FontKey, codePoint: number): boolean {
  return loadFont(key).characters.has(codePoint);
}

/** True when the font has a glyph for every character of `text`. */
export function fontCovers(key: FontKey, text: string): boolean {
  for (const char of text) if (!fontHas(key, char.codePointAt(0) as number)) return false;
  return true;
}

/**
 * OpenType features turned off per font. Noto Sans Arabic's `ccmp` splits letters into a dotless base and
 * its dots, and a dot glyph stands for no character: the PDF's text layer (copy, search, screen readers)
 * then reads the dots as garbage. Without it each letter is one glyph that maps back to its character.
 */
const FEATURES: Partial<Record<FontKey, Record<string, boolean>>> = {
  'arabic:regular': { ccmp: false },
  'arabic:bold': { ccmp: false },
};

/** Embeds one font as a subset. */
export async function embedFont(doc: PDFDocument, key: FontKey): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(loadFont(key).bytes, { subset: true, features: FEATURES[key] });
}

/** Embeds the named DejaVu fonts as subsets; for text in Latin, Greek or Cyrillic only (test fixtures). */
export async function embedFonts<K extends FontName>(doc: PDFDocument, names: readonly K[]): Promise<FontSet<K>> {
  const entries = await Promise.all(names.map(async (name) => [name, await embedFont(doc, name)] as const));
  return Object.fromEntries(entries) as FontSet<K>;
}

export const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * fontkit (1.1.1) writes a TrueType subset's `loca` in the short format, which stores offsets halved, without
 * padding each glyph to an even length; fonts whose glyphs are not padded (Google's Noto CJK builds) come out
 * with every glyph after an odd-length one unreadable, drawn blank. Padding each copied glyph to two bytes
 * keeps the offsets exact; the pad byte is never read (a glyph's length comes from its own header).
 */
function padSubsetGlyphs(): void {
  type Subset = { glyf: { length: number; constructor: { alloc(size: number): Uint8Array }; copy(target: Uint8Array): void }[]; offset: number };
  const sample = fontkit.create(loadFont('sans').bytes).createSubset() as unknown as object;
  const prototype = Object.getPrototypeOf(sample) as { _addGlyph(this: Subset, gid: number): number; padded?: boolean };
  if (prototype.padded) return;
  const addGlyph = prototype._addGlyph;
  prototype._addGlyph = function (this: Subset, gid: number): number {
    const index = addGlyph.call(this, gid);
    const buffer = this.glyf[index];
    if (buffer && buffer.length % 2 === 1) {
      const padded = buffer.constructor.alloc(buffer.length + 1);
      buffer.copy(padded);
      this.glyf[index] = padded as unknown as Subset['glyf'][number];
      this.offset += 1;
    }
    return index;
  };
  prototype.padded = true;
}
padSubsetGlyphs();
