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
