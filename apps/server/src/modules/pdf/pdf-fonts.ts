import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * DejaVu fonts for every PDF we write. pdf-lib's standard fonts are WinAnsi only, so a name like
 * "Łukasz Żółć" would throw (DEPENDENCIES.md); DejaVu covers Latin, Greek, Cyrillic, Arabic and Hebrew
 * letters and many symbols, but no CJK: such characters are drawn as U+FFFD (see `drawableText`), while the
 * exact text always stays in the database row and the audit log.
 *
 * The TTF files are read at run time from the dejavu-fonts-ttf package, resolved like a module, so this
 * works from the sources (tsx, vitest) and from the esbuild bundle, which keeps node_modules external.
 */

export const FONT_FILES = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  sansOblique: 'DejaVuSans-Oblique.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;
export type FontSet<K extends FontName> = Record<K, PDFFont>;

// A CommonJS bundle has no import.meta.url; resolving from the working directory still finds node_modules.
const resolver = createRequire(import.meta.url || pathToFileURL(join(process.cwd(), 'index.js')).href);

interface LoadedFont {
  bytes: Uint8Array;
  characters: ReadonlySet<number>;
}
const loaded = new Map<FontName, LoadedFont>();

function loadFont(name: FontName): LoadedFont {
  let font = loaded.get(name);
  if (!font) {
    const bytes = readFileSync(resolver.resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`));
    font = { bytes, characters: new Set(fontkit.create(bytes).characterSet) };
    loaded.set(name, font);
  }
  return font;
}

/** Embeds the named fonts as subsets (only the glyphs drawn end up in the file). */
export async function embedFonts<K extends FontName>(doc: PDFDocument, names: readonly K[]): Promise<FontSet<K>> {
  doc.registerFontkit(fontkit);
  const entries = await Promise.all(
    names.map(async (name) => [name, await doc.embedFont(loadFont(name).bytes, { subset: true })] as const),
  );
  return Object.fromEntries(entries) as FontSet<K>;
}

export const REPLACEMENT_CHARACTER = '\uFFFD';

/** True when the font has a glyph for every character of `text`. */
export function fontCovers(name: FontName, text: string): boolean {
  const { characters } = loadFont(name);
  for (const char of text) {
    if (!characters.has(char.codePointAt(0) as number)) return false;
  }
  return true;
}

/**
 * Text a PDF line can carry: line breaks and other control characters become spaces (a drawn line has no
 * breaks; a user agent or name must not smuggle layout in), and characters the font lacks become U+FFFD so
 * a missing glyph is visible instead of silently vanishing.
 */
export function drawableText(name: FontName, text: string): string {
  const { characters } = loadFont(name);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029) out += ' ';
    else out += characters.has(code) ? char : REPLACEMENT_CHARACTER;
  }
  return out;
}
