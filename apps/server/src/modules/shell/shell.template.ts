import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Placeholders the web build's index.html carries; the server fills them per request. */
export const PLACEHOLDERS = ['__LANG__', '__DIR__', '__CSRF_TOKEN__', '__PAGE_TITLE__', '<!--app-head-->', '<!--app-html-->', '__BOOT_DATA__'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

/** Used when the web app is not built (API tests, a server-only checkout): same placeholders, no SPA. */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="__LANG__" dir="__DIR__">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="__CSRF_TOKEN__">
    <title>__PAGE_TITLE__</title>
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <script id="boot-data" type="application/json">__BOOT_DATA__</script>
  </body>
</html>
`;

export interface ShellTemplate {
  /** True when the fallback is in use because index.html was missing. */
  isFallback: boolean;
  missingPlaceholders: Placeholder[];
  render(values: PlaceholderValues): string;
}

const PLACEHOLDER_PATTERN = new RegExp(`(${PLACEHOLDERS.join('|')})`);

/**
 * Splits the template once at start; rendering joins the pieces in one pass, so text inserted for one
 * placeholder (a company name, the boot data) is never scanned for another.
 */
export function compileTemplate(source: string, isFallback = false): ShellTemplate {
  const pieces = source.split(PLACEHOLDER_PATTERN);
  const present = new Set(pieces.filter((_, index) => index % 2 === 1));
  return {
    isFallback,
    missingPlaceholders: PLACEHOLDERS.filter((placeholder) => !present.has(placeholder)),
    render(values) {
      let html = '';
      for (let index = 0; index < pieces.length; index += 1) {
        const piece = pieces[index] ?? '';
        html += index % 2 === 1 ? values[piece as Placeholder] : piece;
      }
      return html;
    },
  };
}

/** Reads `${webDistDir}/index.html` once; a missing file means the built-in template. */
export function loadShellTemplate(webDistDir: string): ShellTemplate {
  try {
    return compileTemplate(readFileSync(join(webDistDir, 'index.html'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return compileTemplate(FALLBACK_TEMPLATE, true);
  }
}
