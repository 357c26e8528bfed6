/**
 * The server's renderer of a page's first screen (built by `vite build --ssr` into dist-ssr/, loaded by
 * apps/server/src/modules/shell/shell.ssr.ts). It renders the same components as the browser, from the
 * same boot data and preloaded answers, so the HTML shows the page before any script has run; the
 * browser then hydrates that markup (app/start.tsx).
 */
import { readSearchUrl, type BootData, type RenderedViewport } from '@careers/contracts';
import { prerender } from 'react-dom/static';
import { customHtmlOf } from '../lib/boot-data';
import { createI18n } from '../lib/i18n';
import { createQueryClient, seedPreloadedQueries } from '../lib/query-client';
import { provideSanitizer } from '../lib/sanitizer';
import { preloadScreens } from './route-preload';
import { APP_ROUTES } from './route-table';
import { createHtmlSanitizerHost } from './ssr/html-sanitizer-host';
import { ServerApp } from './ssr/server-app';

const MAP_TAB = 'map';

export interface ServerRenderRequest {
  /** Path and query of the page, e.g. /careers/job/12?domain=acme.example. */
  url: string;
  bootData: BootData;
  /** The width class the server guesses for the device (it sees no window). */
  viewport: RenderedViewport;
}

const sanitizerHost = createHtmlSanitizerHost(import.meta.url);
// SanitizedHtml answers from the host's results: a page's tenant HTML is sanitized before its render.
provideSanitizer({ sanitizeHtml: sanitizerHost.cleaned });

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
export async function render({ url, bootData, viewport }: ServerRenderRequest, { signal }: ServerRenderOptions = {}): Promise<string> {
  const address = new URL(url, 'http://server.invalid');
  const pathname = address.pathname;
  // The map view draws with Leaflet, which needs a browser from the moment it loads: left to the browser.
  if (readSearchUrl(address.search).tab === MAP_TAB) return '';
  await Promise.all([preloadScreens(pathname, viewport), sanitizerHost.prepare(customHtmlOf(bootData))]);
  signal?.throwIfAborted();

  const i18n = createI18n();
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
