/**
 * DOMPurify is loaded only for tenants that inject HTML: app start awaits it before the first render when
 * boot data holds custom HTML (no layout shift), and nobody else downloads it.
 */
import type * as Sanitize from './sanitize';

type SanitizeModule = typeof Sanitize;
/** What the components use: the browser's DOMPurify, or on the server answers sanitized beforehand. */
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
 * The server renderer has no DOM in its own thread: it sanitizes a page's tenant HTML ahead of the render
 * (app/ssr/html-sanitizer-host.ts) and answers from those results here.
 */
export function provideSanitizer(sanitizer: HtmlSanitizer): void {
  loaded = sanitizer;
}
