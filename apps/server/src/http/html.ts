import { isRtlLocale } from '@careers/i18n/locale-list';

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

export interface PlainPageOptions {
  /** The page's language (BCP 47, default `en`); a right-to-left one also sets `dir="rtl"`. */
  language?: string;
  /** Trusted HTML placed after the message (a form whose values the caller escaped). */
  extraHtml?: string;
  /** The link home's text (default "Careers home"). */
  homeLabel?: string;
  /** The company's name, shown small above the heading. */
  brand?: string;
  /** The tenant's brand colour (#rrggbb) for the button and focus ring; anything else is ignored. */
  primaryColor?: string | null;
}

const PLAIN_STYLE =
  ':root{--primary:#3346d3;--text:#1f2329;--muted:#5b6270;--line:#d5dae3}' +
  '*{box-sizing:border-box}' +
  'html{background:#f5f6f8}' +
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text)}' +
  'main{max-width:34rem;margin-block:10vh 2rem;margin-inline:auto;padding:1.5rem;background:#fff;border:1px solid var(--line);border-radius:12px}' +
  '.brand{margin:0 0 .5rem;color:var(--muted);font-size:.875rem;font-weight:600}' +
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 .75rem}' +
  'p{margin:0 0 1rem}' +
  'main>p:last-child{margin:0}' +
  'form{margin:0 0 1rem}' +
  'button{font:inherit;font-weight:600;min-height:44px;padding:.625rem 1.25rem;border-radius:8px;border:1px solid var(--primary);background:var(--primary);color:#fff;cursor:pointer}' +
  'a{color:var(--primary)}' +
  ':focus-visible{outline:3px solid var(--primary);outline-offset:2px}' +
  '@media (max-width:599px){main{margin-block:1rem;margin-inline:.75rem;padding:1.25rem}}';

/**
 * A small self-contained page outside the SPA (unknown site, unknown path, failures, the unsubscribe page): one
 * h1, no external assets, in `options.language` (with its direction) when given.
 */
export function plainPage(title: string, message: string, options: PlainPageOptions = {}): string {
  const language = options.language ?? 'en';
  const dir = isRtlLocale(language) ? 'rtl' : 'ltr';
  const colour = options.primaryColor && /^#[0-9a-fA-F]{6}$/.test(options.primaryColor) ? `:root{--primary:${options.primaryColor}}` : '';
  const brand = options.brand ? `<p class="brand">${escapeHtml(options.brand)}</p>` : '';
  return (
    `<!doctype html><html lang="${escapeHtml(language)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(options.brand ? `${title} – ${options.brand}` : title)}</title><style>${PLAIN_STYLE}${colour}</style></head>` +
    `<body><main>${brand}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${options.extraHtml ?? ''}<p><a href="/careers">${escapeHtml(options.homeLabel ?? 'Careers home')}</a></p></main></body></html>`
  );
}
