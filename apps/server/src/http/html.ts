const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For text and attribute values placed into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON safe inside a <script> element: no `</script>`, `<!--` or line separators can break out. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => JSON_ESCAPES[char] ?? char);
}

/** Browsers navigating (Accept: text/html) get pages; API clients and /api paths get JSON. */
export function prefersHtml(url: string, accept: string | undefined): boolean {
  return !url.startsWith('/api/') && url !== '/api' && (accept ?? '').includes('text/html');
}

/** A small self-contained page for errors outside the SPA (unknown site, unknown path, failures). */
export function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/careers">Careers home</a></p></main></body></html>`;
}
