import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { UploadMessages, type UploadInspection, type UploadedFile } from './signed-upload.rules';

/**
 * Checks uploads in worker threads (issue 8 §1: "do the work off the event loop (a worker with resource
 * limits)"). A hostile file can cost at most one thread's memory limit and the time limit: past either the
 * thread is ended, the upload refused as too complex, and the next check gets a fresh thread. Threads stay
 * warm between checks (pdf-lib takes ~0.5 s to load), unref'd so they never hold the process open.
 */

export interface UploadCheckPoolOptions {
  /** Threads checking at once; more checks wait their turn. */
  threads?: number;
  /** A check running longer than this is ended and refused. */
  timeLimitMs?: number;
  resourceLimits?: ResourceLimits;
}

/**
 * One core is left to the event loop: a bomb is refused in tens of milliseconds, so a thread per core but
 * one (at most 2) checks fast enough, and /healthz keeps its core while bombs are checked (issue 8 figure).
 */
export const DEFAULT_THREADS = Math.min(2, Math.max(1, availableParallelism() - 1));

/** A 10 MB letter parses in ~1 s on a loaded 2-core host; five times that is no letter. */
export const CHECK_TIME_LIMIT_MS = 5_000;
/** pdf-lib holds a parsed 10 MB file in well under 200 MB; inflated bytes live outside the heap (Buffers). */
export const CHECK_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

export interface UploadCheckPool {
  inspect(files: readonly UploadedFile[]): Promise<UploadInspection>;
  /** Ends every thread (tests, shutdown). */
  close(): Promise<void>;
}

const TOO_COMPLEX: UploadInspection = { ok: false, code: 'too_complex', message: UploadMessages.tooComplex };

/**
 * The thread's program. From the server's bundle: built beside it (build.mjs, signed-upload-worker.js). From
 * source (tests, `npm run dev`): the TypeScript file, loaded through tsx.
 */
function threadProgram(): { source: string | URL; eval: boolean } {
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./signed-upload.worker.ts', import.meta.url).href;
    return { source: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, eval: true };
  }
  return { source: new URL('./signed-upload-worker.js', import.meta.url), eval: false };
}

type ThreadMessage = { ready: true } | { id: number; inspection: UploadInspection } | { id: number; error: string };

interface Job {
  files: readonly UploadedFile[];
  resolve(inspection: UploadInspection): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** Loaded its code (pdf-lib): the time limit counts from here, not from a cold start. */
  ready: boolean;
  /** The job it is working on, with its timer. */
  busy: { id: number; job: Job; timer: NodeJS.Timeout } | null;
}

export function createUploadCheckPool(options: UploadCheckPoolOptions = {}): UploadCheckPool {
  const size = Math.max(1, options.threads ?? DEFAULT_THREADS);
  const timeLimitMs = options.timeLimitMs ?? CHECK_TIME_LIMIT_MS;
  const resourceLimits = options.resourceLimits ?? CHECK_RESOURCE_LIMITS;
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 1;

  /** Ends a thread; its job, if any, gets `outcome`. */
  const retire = (thread: Thread, outcome: UploadInspection | Error): void => {
    if (!threads.delete(thread)) return;
    // A thread that could not even load its code: the checks waiting would wait for ever; they fail instead.
    if (!thread.ready) {
      const failure = outcome instanceof Error ? outcome : new Error('the upload checking thread could not start');
      for (const job of queue.splice(0)) job.reject(failure);
    }
    const busy = thread.busy;
    thread.busy = null;
    void thread.worker.terminate();
    if (busy) {
      clearTimeout(busy.timer);
      if (outcome instanceof Error) busy.job.reject(outcome);
      else busy.job.resolve(outcome);
    }
    pump();
  };

  const start = (): Thread => {
    const program = threadProgram();
    const worker = new Worker(program.source, { eval: program.eval, resourceLimits });
    worker.unref();
    const thread: Thread = { worker, ready: false, busy: null };
    worker.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        thread.ready = true;
        pump();
        return;
      }
      if (thread.busy?.id !== message.id) return;
      const { job, timer } = thread.busy;
      clearTimeout(timer);
      thread.busy = null;
      if ('inspection' in message) job.resolve(message.inspection);
      else job.reject(new Error(`checking an upload failed: ${message.error}`));
      pump();
    });
    // Out of its memory while reading the file: that file is refused. Anything else is our failure (500).
    worker.on('error', (error: Error & { code?: string }) => retire(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? TOO_COMPLEX : error));
    worker.on('exit', (code) => retire(thread, new Error(`the upload checking thread ended (${code})`)));
    threads.add(thread);
    return thread;
  };

  function pump(): void {
    while (queue.length > 0) {
      const thread = [...threads].find((candidate) => candidate.ready && candidate.busy === null);
      if (!thread) {
        if (threads.size < size) start();
        return;
      }
      const job = queue.shift() as Job;
      const id = nextId++;
      const running = thread;
      running.busy = { id, job, timer: setTimeout(() => retire(running, TOO_COMPLEX), timeLimitMs) };
      running.worker.postMessage({ id, files: job.files.map(({ bytes, filename }) => ({ bytes, filename })) });
    }
  }

  return {
    inspect(files) {
      return new Promise<UploadInspection>((resolve, reject) => {
        queue.push({ files, resolve, reject });
        pump();
      });
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new Error('the upload check pool was closed'));
      await Promise.all([...threads].map((thread) => {
        threads.delete(thread);
        if (thread.busy) {
          clearTimeout(thread.busy.timer);
          thread.busy.job.reject(new Error('the upload check pool was closed'));
        }
        return thread.worker.terminate();
      }));
    },
  };
}
