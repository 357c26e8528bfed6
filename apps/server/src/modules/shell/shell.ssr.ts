import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BootData, RenderedViewport } from '@careers/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface ServerRenderRequest {
  /** Path and query of the page. */
  url: string;
  bootData: BootData;
  viewport: RenderedViewport;
  /** The tenant's HTML sanitized when its config was written (Tenant.sanitizedHtml): the renderer loads no DOM. */
  sanitizedHtml: ReadonlyMap<string, string>;
}

/** What apps/web/src/app/entry-server.tsx exports: the markup of `<div id="root">` for one page. */
export interface ServerRenderer {
  /** Rejects when any part of the page fails, or once `signal` aborts. */
  render(request: ServerRenderRequest, options?: { signal?: AbortSignal }): Promise<string>;
  /** Loads every screen's code ahead of the first requests. */
  warm?(): Promise<void>;
}

/** How long the HTML may wait for its server-rendered screen (config.ts, SSR_BUDGET_MS's default). */
export { DEFAULT_SSR_BUDGET_MS } from '../../config';

function isRenderer(value: unknown): value is ServerRenderer {
  return typeof value === 'object' && value !== null && typeof (value as { render?: unknown }).render === 'function';
}

/**
 * The thread that runs the web bundle. Web code is written for browsers: a module that touches `window`
 * when loaded, or a promise nobody awaits, must not take the server down with it (an unhandled rejection
 * ends a Node process). In its own thread a failure ends only that thread: its pages go out unrendered
 * and the next page starts a new one.
 */
const RENDER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.entry).then((renderer) => {
  if (typeof renderer.render !== 'function') throw new Error('the web SSR bundle has no render function');
  parentPort.on('message', ({ id, request }) => {
    renderer.render(request).then(
      (html) => parentPort.postMessage({ id, html }),
      (error) => parentPort.postMessage({ id, error: String((error && error.stack) || error) + (error && error.cause ? '\\ncaused by: ' + String(error.cause.stack || error.cause) : '') }),
    );
  });
  parentPort.postMessage({ ready: true });
  if (typeof renderer.warm === 'function') renderer.warm().catch(() => undefined);
});
`;

type ThreadMessage = { ready: true } | { id: number; html: string } | { id: number; error: string };

/** A render that went past this is taken as stuck: its thread is ended (and another started when needed). */
const STUCK_RENDER_MS = 10_000;

/**
 * The render thread's young generation. V8's default (up to 48 MB for a second isolate) is sized for
 * throughput; a page render allocates a few MB and dies young, so 8 MB costs nothing measurable in render
 * time (median /careers 28–36 ms either way) and keeps ~20 MB less resident (P10: RSS ≤ 250 MB at 100k).
 */
const RENDER_THREAD_YOUNG_GENERATION_MB = 8;

function threadRenderer(entry: string, log: FastifyBaseLogger): ServerRenderer {
  let thread: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(html: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();

  const fail = (error: Error) => {
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    pending.clear();
  };
  const start = (): Worker => {
    const started = new Worker(RENDER_THREAD, { eval: true, workerData: { entry: pathToFileURL(entry).href }, resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB } });
    started.unref();
    started.on('message', (message: ThreadMessage) => {
      if ('ready' in message) return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if ('html' in message) waiting.resolve(message.html);
      else waiting.reject(new Error(message.error));
    });
    started.on('error', (error) => {
      log.error({ err: error }, 'the server rendering thread failed; starting another for the next page');
      if (thread === started) thread = null;
      fail(error);
    });
    started.on('exit', (code) => {
      if (thread === started) thread = null;
      fail(new Error(`the server rendering thread ended (${code})`));
    });
    return started;
  };

  return {
    render(request) {
      const current = (thread ??= start());
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          log.error({ url: request.url }, 'a server render is stuck; ending its thread');
          if (thread === current) thread = null;
          void current.terminate();
        }, STUCK_RENDER_MS);
        pending.set(id, { resolve, reject, timer });
        current.postMessage({ id, request });
      });
    },
    async warm() {
      thread ??= start();
    },
  };
}

/**
 * Loads the web's SSR bundle at start when it was built. A built bundle (.js) runs in its own thread (see
 * RENDER_THREAD); the web's source entry (tests, through Vite's transform) runs in this one. The path is
 * computed at run time, so the server's own bundle (esbuild) leaves it alone; a missing or broken bundle
 * means no server rendering, never a failed start.
 */
export async function loadServerRenderer(entry: string | undefined, log: FastifyBaseLogger): Promise<ServerRenderer | null> {
  if (!entry || !existsSync(entry)) return null;
  if (entry.endsWith('.js')) {
    const renderer = threadRenderer(entry, log);
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
 * Renders within the budget; any failure or a slow render is logged and yields '' (the empty root), so
 * server rendering can never break the page.
 */
export async function renderWithinBudget(
  renderer: ServerRenderer,
  request: ServerRenderRequest,
  budgetMs: number,
  log: FastifyBaseLogger,
): Promise<string> {
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
      return '';
    }
    if (typeof outcome !== 'string') throw new TypeError('the web SSR bundle rendered no markup');
    return outcome;
  } catch (error) {
    log.error({ err: error, url: request.url, ms: Math.round(performance.now() - started) }, 'server rendering failed; the page goes out unrendered');
    return '';
  } finally {
    clearTimeout(timer);
  }
}
