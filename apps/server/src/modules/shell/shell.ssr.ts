import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { BootData, RenderedViewport } from '@careers/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createRenderPool, RenderShedError } from './render-pool';

export interface ServerRenderRequest {
  /** Path and query of the page. */
  url: string;
  bootData: BootData;
  viewport: RenderedViewport;
  /** Issue 13: the page's language (packages/i18n code); absent: English. */
  locale?: string;
  /** The tenant's HTML sanitized when its config was written (Tenant.sanitizedHtml): the renderer loads no DOM. */
  sanitizedHtml: ReadonlyMap<string, string>;
}

/** What apps/web/src/app/entry-server.tsx exports: the markup of `<div id="root">` for one page. */
export interface ServerRenderer {
  /** Rejects when any part of the page fails, or once `signal` aborts. */
  render(request: ServerRenderRequest, options?: { signal?: AbortSignal }): Promise<string>;
  /** Loads every screen's code ahead of the first requests. */
  warm?(): Promise<void>;
  /** Ends its threads (the server is closing). */
  close?(): Promise<void>;
}

/** How long the HTML may wait for its server-rendered screen (config.ts, SSR_BUDGET_MS's default). */
import { DEFAULT_SSR_BUDGET_MS } from '../../config';

export { DEFAULT_SSR_BUDGET_MS };

function isRenderer(value: unknown): value is ServerRenderer {
  return typeof value === 'object' && value !== null && typeof (value as { render?: unknown }).render === 'function';
}

/**
 * Loads the web's SSR bundle at start when it was built. A built bundle (.js) runs in a pool of threads
 * (render-pool.ts); the web's source entry (tests, through Vite's transform) runs in this one. The path is
 * computed at run time, so the server's own bundle (esbuild) leaves it alone; a missing or broken bundle
 * means no server rendering, never a failed start.
 */
export async function loadServerRenderer(
  entry: string | undefined,
  log: FastifyBaseLogger,
  budgetMs: number = DEFAULT_SSR_BUDGET_MS,
): Promise<ServerRenderer | null> {
  if (!entry || !existsSync(entry)) return null;
  if (entry.endsWith('.js')) {
    const renderer = createRenderPool({ entry, log, budgetMs });
    // In the background: the server is ready meanwhile; an early page may go out unrendered.
    void renderer.warm?.();
    return renderer;
  }
  try {
    const module: unknown = await import(pathToFileURL(entry).href);
    if (isRenderer(module)) {
      module.warm?.().catch((error: unknown) => log.warn({ err: error }, 'web SSR bundle could not preload its screens'));
      return module;
    }
    log.error({ entry }, 'web SSR bundle has no render function; pages go out unrendered');
  } catch (error) {
    log.error({ err: error, entry }, 'web SSR bundle failed to load; pages go out unrendered');
  }
  return null;
}

const PHONE_AGENT = /\bMobi|\bAndroid.+\bMobile|\biPhone|\biPod/;
const TABLET_AGENT = /\biPad|\bAndroid(?!.*\bMobile)|\bTablet/;

/**
 * The width class to render for: Client Hints when the browser sends them, else the user agent. A wrong
 * guess costs a redraw, not a broken page: the browser's first render replaces the markup with its own.
 */
export function guessViewport(headers: { 'user-agent'?: string | undefined; 'sec-ch-ua-mobile'?: string | string[] | undefined }): RenderedViewport {
  if (headers['sec-ch-ua-mobile'] === '?1') return 'phone';
  const agent = headers['user-agent'] ?? '';
  if (PHONE_AGENT.test(agent)) return 'phone';
  if (TABLET_AGENT.test(agent)) return 'tablet';
  return 'desktop';
}

/**
 * How a page's first screen came out (the `x-ssr` response header, issue 8 §3):
 * - rendered: the renderer answered in time ('' is its answer for a page only the browser can draw);
 * - shed: the render queue was too deep, so the page went out at once for the browser to render;
 * - timeout / failed: past the budget, or the render failed (logged).
 */
export type RenderOutcome = 'rendered' | 'shed' | 'timeout' | 'failed';

/**
 * Renders within the budget; a failure, a slow render or a shed page yields '' (the empty root), so server
 * rendering can never break the page. A shed page is no error (the pool is doing its job): logged at debug.
 */
export async function renderWithinBudget(
  renderer: ServerRenderer,
  request: ServerRenderRequest,
  budgetMs: number,
  log: FastifyBaseLogger,
): Promise<{ html: string; outcome: RenderOutcome }> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`server rendering took longer than ${budgetMs} ms`));
      resolve('timeout');
    }, budgetMs);
  });
  const started = performance.now();
  try {
    // A renderer that throws synchronously is contained like one that rejects; one that ignores the
    // signal is raced, and its late answer dropped.
    const rendering = Promise.resolve().then(() => renderer.render(request, { signal: controller.signal }));
    const outcome = await Promise.race([rendering, timeout]);
    if (outcome === 'timeout') {
      log.warn({ url: request.url, budgetMs }, 'server rendering took too long; the page goes out unrendered');
      return { html: '', outcome: 'timeout' };
    }
    if (typeof outcome !== 'string') throw new TypeError('the web SSR bundle rendered no markup');
    return { html: outcome, outcome: 'rendered' };
  } catch (error) {
    if (error instanceof RenderShedError) {
      log.debug({ url: request.url, reason: error.message }, 'server rendering shed; the browser renders the page');
      return { html: '', outcome: 'shed' };
    }
    log.error({ err: error, url: request.url, ms: Math.round(performance.now() - started) }, 'server rendering failed; the page goes out unrendered');
    return { html: '', outcome: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
