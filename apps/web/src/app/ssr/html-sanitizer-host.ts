/**
 * Tenant HTML (navbar, banner, footer) sanitized for the server renderer with the browser's own rules
 * (lib/sanitize.ts: DOMPurify). DOMPurify needs a DOM; the server's is jsdom, which weighs ~100 MB, so it
 * lives in a worker thread that is started on demand and ends after a few quiet seconds. Results are kept
 * by input: a tenant's HTML changes only with its configuration, so the thread runs once per new HTML and
 * the server's memory (P10: ≤ 250 MB at 100k positions) does not carry jsdom between changes.
 */
import { fileExists, jsdomWindow, workerThreads, type WorkerLike } from './node-runtime';

export interface SanitizeRequest {
  id: number;
  html: string[];
}
export interface SanitizeResponse {
  id: number;
  clean: string[];
}

const WORKER_FILE = 'sanitize-worker.js';
const IDLE_MS = 5_000;
const MAX_CACHED = 256;

type Sanitize = (html: string[]) => Promise<string[]>;

/** Runs the worker built beside this bundle (dist-ssr/sanitize-worker.js). */
function workerSanitizer(file: URL): Sanitize {
  let worker: WorkerLike | null = null;
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, { resolve(clean: string[]): void; reject(error: Error): void }>();

  const stop = (error: Error) => {
    worker = null;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = async (): Promise<WorkerLike> => {
    const { Worker } = await workerThreads();
    const started = new Worker(file);
    started.unref();
    started.on('message', (message) => {
      const { id, clean } = message as SanitizeResponse;
      pending.get(id)?.resolve(clean);
      pending.delete(id);
    });
    started.on('error', (error) => stop(error));
    started.on('exit', (code) => stop(new Error(`the sanitizer thread ended (${code})`)));
    return started;
  };

  return async (html) => {
    worker ??= await start();
    const current = worker;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void current.terminate(), IDLE_MS);
    const id = nextId++;
    return new Promise<string[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      current.postMessage({ id, html } satisfies SanitizeRequest);
    });
  };
}

/** Without the built worker (the renderer run from source, in tests): jsdom in this thread. */
function inThreadSanitizer(): Sanitize {
  let ready: Promise<(html: string) => string> | null = null;
  return async (html) => {
    ready ??= Promise.all([import('../../lib/sanitize'), jsdomWindow()]).then(([module, window]) => {
      module.setSanitizerWindow(window);
      return module.sanitizeHtml;
    });
    ready.catch(() => (ready = null));
    const sanitize = await ready;
    return html.map((text) => sanitize(text));
  };
}

export interface HtmlSanitizerHost {
  /** Sanitizes what is not known yet; afterwards `cleaned` answers for every one of `html`. */
  prepare(html: readonly string[]): Promise<void>;
  /** The sanitized form of an input prepared earlier; '' (nothing shown) for any other. */
  cleaned(html: string): string;
}

export function createHtmlSanitizerHost(moduleUrl: string): HtmlSanitizerHost {
  const cache = new Map<string, string>();
  let sanitize: Promise<Sanitize> | null = null;
  const sanitizer = () =>
    (sanitize ??= (async () => {
      const file = new URL(WORKER_FILE, moduleUrl);
      return (await fileExists(file)) ? workerSanitizer(file) : inThreadSanitizer();
    })());

  return {
    async prepare(html) {
      const missing = [...new Set(html)].filter((text) => !cache.has(text));
      if (missing.length === 0) return;
      const clean = await (await sanitizer())(missing);
      missing.forEach((text, index) => {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
        cache.set(text, clean[index] ?? '');
      });
    },
    cleaned: (html) => cache.get(html) ?? '',
  };
}
