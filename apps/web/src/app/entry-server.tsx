/**
 * The server's renderer of a page's first screen (built by `vite build --ssr` into dist-ssr/, loaded by
 * apps/server/src/modules/shell/shell.ssr.ts). It renders the same components as the browser, from the
 * same boot data and preloaded answers, so the HTML shows the page before any script has run; the
 * browser then hydrates that markup (app/start.tsx).
 */
import { readSearchUrl, tenantCustomHtml, type BootData, type RenderedViewport } from '@careers/contracts';
import { setCatalogueSource } from '@careers/i18n';
import { bundledCatalogues } from '@careers/i18n/bundled-catalogues';
import { prerender } from 'react-dom/static';
import { createI18n, loadLocale } from '../lib/i18n';
import { createQueryClient, seedPreloadedQueries } from '../lib/query-client';
import { provideSanitizer } from '../lib/sanitizer';
import { preloadScreens } from './route-preload';
import { APP_ROUTES } from './route-table';
import { ServerApp } from './ssr/server-app';

const MAP_TAB = 'map';

// The renderer reads every locale's catalogues from the package (the browser fetches them: lib/catalogue-files.ts).
setCatalogueSource(bundledCatalogues);

export interface ServerRenderRequest {
  /** Path and query of the page, e.g. /careers/job/12?domain=acme.example. */
  url: string;
  bootData: BootData;
  /** The width class the server guesses for the device (it sees no window). */
  viewport: RenderedViewport;
  /**
   * The tenant's HTML (navbar, banner, footer) sanitized when its configuration was written, by the rules
   * the browser uses (@careers/html-sanitizer): raw → clean. The renderer loads no DOM of its own.
   */
  sanitizedHtml: ReadonlyMap<string, string>;
  /** Issue 13: the page's language as the server negotiated it (the `<html lang>` it sends); absent: English. */
  locale?: string;
}

/**
 * Sanitized HTML of recent renders, raw → clean. A process-wide table rather than the request's own map:
 * SanitizedHtml reads it through provideSanitizer, and renders of different tenants overlap. The same raw
 * HTML always has the same clean form, so tenants never see each other's markup, only their own.
 */
const sanitized = new Map<string, string>();
const MAX_SANITIZED = 256;

function remember(entries: ReadonlyMap<string, string>): void {
  for (const [raw, clean] of entries) {
    sanitized.delete(raw);
    sanitized.set(raw, clean);
    if (sanitized.size > MAX_SANITIZED) sanitized.delete(sanitized.keys().next().value as string);
  }
}

// Anything not stored sanitized is shown as nothing: no tenant HTML goes out unsanitized (QUALITY T09).
provideSanitizer({ sanitizeHtml: (html) => sanitized.get(html) ?? '' });

/** Loads every screen's code, so the first request for each page renders within the server's budget. */
export async function warm(): Promise<void> {
  await Promise.all(APP_ROUTES.map((route) => preloadScreens(route.path.replace(/:[^/]+\??/g, '1'))));
}

export interface ServerRenderOptions {
  /** Aborts the render (the server's time budget); the render then rejects. */
  signal?: AbortSignal;
}

/**
 * The markup of `<div id="root">` for one page ('' for a page only the browser can draw). It waits for the page's lazy parts (prerender, not
 * renderToString, which would leave their loading fallbacks in place) and rejects when any part fails:
 * the server then sends the page unrendered rather than half rendered.
 */
export async function render({ url, bootData, viewport, sanitizedHtml, locale }: ServerRenderRequest, { signal }: ServerRenderOptions = {}): Promise<string> {
  const address = new URL(url, 'http://server.invalid');
  const pathname = address.pathname;
  // The map view draws with Leaflet, which needs a browser from the moment it loads: left to the browser.
  if (readSearchUrl(address.search).tab === MAP_TAB) return '';
  // Tenant HTML without its stored clean form would render as nothing, and hydration would keep that
  // hole: the browser draws such a page instead.
  const unsanitized = tenantCustomHtml(bootData.tenant.config).filter((html) => !sanitizedHtml.has(html));
  if (unsanitized.length > 0) throw new Error(`${unsanitized.length} tenant HTML section(s) of ${bootData.tenant.domain} have no stored sanitized form`);
  remember(sanitizedHtml);
  await preloadScreens(pathname, viewport);
  signal?.throwIfAborted();

  const i18n = createI18n();
  if (locale) await loadLocale(i18n, locale);
  signal?.throwIfAborted();
  const queryClient = createQueryClient();
  seedPreloadedQueries(queryClient, bootData.preloadedQueries);
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(<ServerApp url={url} bootData={bootData} viewport={viewport} i18n={i18n} queryClient={queryClient} />, {
      signal,
      onError: (error) => void errors.push(error),
    });
    const html = await new Response(prelude).text();
    signal?.throwIfAborted();
    if (errors.length > 0) throw new Error(`${pathname} failed to render on the server`, { cause: errors[0] });
    return html;
  } finally {
    queryClient.clear();
  }
}
