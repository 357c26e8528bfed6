/**
 * DOMPurify is loaded only for tenants that inject HTML: app start awaits it before the first render when
 * boot data holds custom HTML (no layout shift), and nobody else downloads it.
 */
import type * as Sanitize from './sanitize';

type SanitizeModule = typeof Sanitize;
/** What the components use: the browser's DOMPurify, or on the server the results stored with the tenant. */
export type HtmlSanitizer = Pick<SanitizeModule, 'sanitizeHtml'>;

let loaded: HtmlSanitizer | null = null;
let loading: Promise<SanitizeModule> | null = null;

export function loadSanitizer(): Promise<SanitizeModule> {
  loading ??= import('./sanitize').then((module) => (loaded = module));
  return loading;
}

export function loadedSanitizer(): HtmlSanitizer | null {
  return loaded;
}

/**
 * The server renderer loads no DOM: it answers from the sanitized HTML stored with the tenant's
 * configuration, which comes with each render request (app/entry-server.tsx).
 */
export function provideSanitizer(sanitizer: HtmlSanitizer): void {
  loaded = sanitizer;
}

/** Marks each piece of tenant HTML the page draws, with the key of its raw form (tenantHtmlKey). */
export const TENANT_HTML_ATTRIBUTE = 'data-tenant-html';

/** A short key of a raw HTML string, the same in the server's renderer and the browser (32-bit FNV-1a, hex). */
export function tenantHtmlKey(html: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < html.length; index += 1) {
    hash ^= html.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/** What the server drew for each piece of tenant HTML on this page, by key: held for the hydrating render only. */
let serverDrawn: Map<string, string> | null = null;

/**
 * Before hydrating the server's markup: keeps what the server drew for each piece of tenant HTML (sanitized there
 * by the same rules, and already on screen), so the hydrating render needs no DOMPurify on the main thread at the
 * start's busiest moment (P6: ~37 ms of a 4× CPU). True when every piece is there; false leaves the caller to load
 * the sanitizer first, as before.
 */
export function adoptServerDrawnHtml(markup: ParentNode, pieces: readonly string[]): boolean {
  const drawn = new Map<string, string>();
  for (const element of markup.querySelectorAll<HTMLElement>(`[${TENANT_HTML_ATTRIBUTE}]`)) {
    drawn.set(element.getAttribute(TENANT_HTML_ATTRIBUTE) ?? '', element.innerHTML);
  }
  if (!pieces.every((piece) => drawn.has(tenantHtmlKey(piece)))) return false;
  serverDrawn = drawn;
  return true;
}

/** What the server drew for this raw HTML, while the hydrating render may still use it. */
export function serverDrawnHtml(html: string): string | undefined {
  return serverDrawn?.get(tenantHtmlKey(html));
}

/**
 * Once hydrated, markup the server drew is never put into the page again: a later render waits for the browser's
 * own sanitizer (a serialised-and-parsed-again DOM is not something to trust twice).
 */
export function forgetServerDrawnHtml(): void {
  serverDrawn = null;
}
