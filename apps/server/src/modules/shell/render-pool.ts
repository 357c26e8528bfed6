import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerRenderer, ServerRenderRequest } from './shell.ssr';

/**
 * Refused at once because the queue is too deep for the page to be rendered within its budget (issue 8
 * §3): the page goes out for the browser to render, now rather than after waiting out the budget. Not an
 * error of the page: counted, never logged as one.
 */
export class RenderShedError extends Error {
  override name = 'RenderShedError';
}

export interface RenderPoolStats {
  size: number;
  busy: number;
  queued: number;
  rendered: number;
  failed: number;
  shed: number;
  stuck: number;
  /** Moving average of a render's time on its thread, ms. */
  averageMs: number;
}

export interface RenderPool extends ServerRenderer {
  stats(): RenderPoolStats;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** The built web SSR bundle (apps/web/dist-ssr/entry-server.js). */
  entry: string;
  log: FastifyBaseLogger;
  /** Threads; by default one per core beyond the one serving HTTP, 1–4 (defaultPoolSize). */
  size?: number;
  /** The page's render budget: renders that could not start and finish within it are shed at once. */
  budgetMs: number;
  /** A render running longer than this on its thread is stuck: its thread is ended and replaced. */
  stuckMs?: number;
  /** Hard cap on waiting renders, whatever the estimate says. */
  maxQueue?: number;
}

/**
 * One thread per core beyond the one serving HTTP (2 cores: 1 render thread), at most 4: each thread holds
 * a copy of the web bundle (~30 MB, QUALITY P10), and cached pages (page-cache.ts) make renders rare.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/**
 * Well past any real render (a cold job page renders in ~20–40 ms, the first one of a screen in ~300 ms):
 * the thread is ended only when it is truly stuck (an endless loop in web code), not when it is busy.
 */
export const DEFAULT_STUCK_RENDER_MS = 5_000;
const DEFAULT_MAX_QUEUE = 64;
/** Weight of the newest render in the moving average of render times. */
const AVERAGE_WEIGHT = 0.2;
/** The share of the budget the estimated wait and render may take. */
const ADMIT_SHARE = 0.8;

/**
 * The render thread's young generation. V8's default (up to 48 MB for a second isolate) is sized for
 * throughput; a page render allocates a few MB and dies young, so 8 MB costs nothing measurable in render
 * time (median /careers 28–36 ms either way) and keeps ~20 MB less resident (P10: RSS ≤ 250 MB at 100k).
 */
const RENDER_THREAD_YOUNG_GENERATION_MB = 8;

/**
 * The thread that runs the web bundle, one render at a time (so the pool knows when a render starts and
 * how long it really runs). Web code is written for browsers: a module that touches `window` when
 * loaded, or a promise nobody awaits, must not take the server down with it (an unhandled rejection ends
 * a Node process). In its own thread a failure ends only that thread, which the pool replaces.
 */
const RENDER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const describe = (error) => String((error && error.stack) || error) + (error && error.cause ? '\\ncaused by: ' + String(error.cause.stack || error.cause) : '');
import(workerData.entry).then((renderer) => {
  if (typeof renderer.render !== 'function') throw new Error('the web SSR bundle has no render function');
  const running = new Map();
  parentPort.on('message', (message) => {
    if (message.cancel !== undefined) {
      running.get(message.cancel)?.abort(new Error('the page went out without this render'));
      return;
    }
    const { id, request } = message;
    const controller = new AbortController();
    running.set(id, controller);
    Promise.resolve()
      .then(() => renderer.render(request, { signal: controller.signal }))
      .then((html) => parentPort.postMessage({ id, html }), (error) => parentPort.postMessage({ id, error: describe(error) }))
      .finally(() => running.delete(id));
  });
  parentPort.postMessage({ ready: true });
  if (typeof renderer.warm === 'function') renderer.warm().catch(() => undefined);
});
`;

type ThreadMessage = { ready: true } | { id: number; html: string } | { id: number; error: string };

interface Job {
  id: number;
  request: ServerRenderRequest;
  resolve(html: string): void;
  reject(error: Error): void;
  /** Set once the caller stopped waiting (its signal aborted): the answer is dropped. */
  settled: boolean;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  startedAt: number;
  stuckTimer: NodeJS.Timeout | null;
}

function settle(job: Job, outcome: { html: string } | { error: Error }): void {
  if (job.settled) return;
  job.settled = true;
  if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
  if ('html' in outcome) job.resolve(outcome.html);
  else job.reject(outcome.error);
}

/**
 * A small pool of render threads with one queue (issue 8 §3). A page is admitted only when the estimated
 * wait (renders ahead of it × the average render time ÷ threads) leaves room for its own render within
 * the budget; otherwise it is shed at once. A render the caller gave up on is cancelled on its thread
 * (prerender honours the signal) or dropped from the queue; only a render that keeps its thread past
 * `stuckMs` ends that thread.
 */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const { entry, log, budgetMs } = options;
  const size = Math.max(1, options.size ?? defaultPoolSize());
  const stuckMs = options.stuckMs ?? DEFAULT_STUCK_RENDER_MS;
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  const entryUrl = pathToFileURL(entry).href;
  const queue: Job[] = [];
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, ready: false, job: null, startedAt: 0, stuckTimer: null }));
  const counts = { rendered: 0, failed: 0, shed: 0, stuck: 0 };
  // Unknown until the first render: until then only free threads limit the queue.
  let averageMs: number | null = null;
  let nextId = 1;
  let closed = false;
  const shedError = new RenderShedError(`the render queue of ${size} thread(s) is too deep for the ${budgetMs} ms budget`);

  function finish(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    if (slot.stuckTimer) clearTimeout(slot.stuckTimer);
    slot.stuckTimer = null;
    return job;
  }

  function lose(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    const neverReady = !slot.ready;
    slot.worker = null;
    slot.ready = false;
    const job = finish(slot);
    if (job) {
      counts.failed += 1;
      settle(job, { error });
    }
    // A bundle that cannot even load fails every page waiting for it, as it would fail them one by one.
    if (neverReady && slots.every((other) => other.worker === null)) {
      for (const waiting of queue.splice(0)) {
        counts.failed += 1;
        settle(waiting, { error });
      }
    }
    dispatch();
  }

  function start(slot: Slot): void {
    const worker = new Worker(RENDER_THREAD, {
      eval: true,
      workerData: { entry: entryUrl },
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB },
    });
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (message: ThreadMessage) => {
      if (slot.worker !== worker) return;
      if ('ready' in message) {
        slot.ready = true;
        dispatch();
        return;
      }
      if (slot.job?.id !== message.id) return;
      const elapsed = performance.now() - slot.startedAt;
      const job = finish(slot);
      if (job) {
        if ('html' in message) {
          counts.rendered += 1;
          averageMs = averageMs === null ? elapsed : averageMs + (elapsed - averageMs) * AVERAGE_WEIGHT;
          settle(job, { html: message.html });
        } else {
          counts.failed += 1;
          settle(job, { error: new Error(message.error) });
        }
      }
      dispatch();
    });
    worker.on('error', (error) => {
      log.error({ err: error }, 'a server rendering thread failed; another takes its place');
      lose(slot, worker, error);
    });
    worker.on('exit', (code) => lose(slot, worker, new Error(`the server rendering thread ended (${code})`)));
  }

  function run(slot: Slot, job: Job): void {
    const worker = slot.worker;
    if (!worker) return;
    slot.job = job;
    slot.startedAt = performance.now();
    slot.stuckTimer = setTimeout(() => {
      if (slot.job !== job) return;
      counts.stuck += 1;
      log.error({ url: job.request.url, ms: stuckMs }, 'a server render is stuck; ending its thread');
      lose(slot, worker, new Error(`the render ran longer than ${stuckMs} ms`));
      void worker.terminate();
    }, stuckMs);
    slot.stuckTimer.unref();
    worker.postMessage({ id: job.id, request: job.request });
  }

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.worker === null) start(slot);
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (job) run(slot, job);
    }
  }

  /**
   * Whether a new page can still be rendered within the budget: the renders ahead of it (running and
   * waiting) shared by the threads, then its own, at the average render time, within 80 % of the budget
   * (the rest for messages between threads and a busy event loop). A free thread always takes it: that is
   * also how the average comes down again after slow renders.
   */
  function admits(): boolean {
    const busy = slots.filter((slot) => slot.job !== null).length;
    if (busy + queue.length < size) return true;
    if (queue.length >= maxQueue) return false;
    const ahead = busy + queue.length;
    return (ahead / size + 1) * (averageMs ?? 0) <= budgetMs * ADMIT_SHARE;
  }

  return {
    render(request, { signal } = {}) {
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (closed || !admits()) {
        counts.shed += 1;
        // One error for every shed page: under load, capturing a stack per page was a visible cost.
        return Promise.reject(shedError);
      }
      return new Promise<string>((resolve, reject) => {
        const job: Job = { id: nextId++, request, resolve, reject, settled: false, signal };
        if (signal) {
          job.onAbort = () => {
            const waiting = queue.indexOf(job);
            if (waiting !== -1) queue.splice(waiting, 1);
            else {
              // Running: its thread stops at the next await (prerender honours the signal); the slot is
              // freed when the thread answers, or ended if it never does.
              const slot = slots.find((candidate) => candidate.job === job);
              slot?.worker?.postMessage({ cancel: job.id });
            }
            settle(job, { error: signal.reason instanceof Error ? signal.reason : new Error('aborted') });
          };
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        queue.push(job);
        dispatch();
      });
    },
    async warm() {
      for (const slot of slots) if (slot.worker === null) start(slot);
    },
    stats() {
      return {
        size,
        busy: slots.filter((slot) => slot.job !== null).length,
        queued: queue.length,
        ...counts,
        averageMs: Math.round((averageMs ?? 0) * 10) / 10,
      };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, { error: new Error('the server is closing') });
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          const job = finish(slot);
          if (job) settle(job, { error: new Error('the server is closing') });
          if (worker) await worker.terminate();
        }),
      );
    },
  };
}
