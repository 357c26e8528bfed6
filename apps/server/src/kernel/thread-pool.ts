import { availableParallelism } from 'node:os';
import { Worker, parentPort, type ResourceLimits } from 'node:worker_threads';

/**
 * Work on untrusted files in worker threads with memory and time limits (issue 8 §1: "do the work off the
 * event loop (a worker with resource limits)"). A hostile file can cost at most one thread's memory limit and
 * the time limit: past either the thread is ended, the job answered with `overLimit`, and the next job gets a
 * fresh thread. Threads stay warm between jobs (PDF libraries take ~0.5 s to load), unref'd so they never hold
 * the process open. Used by the signed offer upload checks (offers/signed-upload.pool.ts) and the resume text
 * extraction (resume/resume-extract.pool.ts); each names its thread program (`serveThread` below).
 */

export interface ThreadPoolOptions<TResult> {
  program: ThreadProgram;
  /** The answer to a job whose thread ran out of time or memory. */
  overLimit: TResult;
  /** Threads working at once; more jobs wait their turn. */
  threads?: number;
  /** A job running longer than this is ended and answered with `overLimit`. */
  timeLimitMs: number;
  resourceLimits: ResourceLimits;
  /** Words for errors ("the upload checking thread"). */
  name: string;
}

export interface ThreadPool<TRequest, TResult> {
  run(request: TRequest, transfer?: readonly ArrayBuffer[]): Promise<TResult>;
  /** Ends every thread (tests, shutdown). */
  close(): Promise<void>;
}

/**
 * One core is left to the event loop: a bomb is refused in tens of milliseconds, so a thread per core but
 * one (at most 2) works fast enough, and /healthz keeps its core while bombs are checked (issue 8 figure).
 */
export const DEFAULT_THREADS = Math.min(2, Math.max(1, availableParallelism() - 1));

export interface ThreadProgram {
  source: string | URL;
  eval: boolean;
}

/**
 * The thread's program. From the server's bundle: `builtName` built beside main.js (build.mjs). From source
 * (tests, `npm run dev`): the TypeScript file, loaded through tsx. `callerUrl` is the caller's import.meta.url.
 */
export function threadProgram(callerUrl: string, sourceFile: string, builtName: string): ThreadProgram {
  if (callerUrl.endsWith('.ts')) {
    const entry = new URL(sourceFile, callerUrl).href;
    return { source: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, eval: true };
  }
  return { source: new URL(`./${builtName}`, callerUrl), eval: false };
}

type ThreadMessage<TResult> = { ready: true } | { id: number; result: TResult } | { id: number; error: string };

interface Job<TRequest, TResult> {
  request: TRequest;
  transfer: readonly ArrayBuffer[];
  resolve(result: TResult): void;
  reject(error: Error): void;
}

interface Thread<TRequest, TResult> {
  worker: Worker;
  /** Loaded its code: the time limit counts from here, not from a cold start. */
  ready: boolean;
  busy: { id: number; job: Job<TRequest, TResult>; timer: NodeJS.Timeout } | null;
}

export function createThreadPool<TRequest, TResult>(options: ThreadPoolOptions<TResult>): ThreadPool<TRequest, TResult> {
  const size = Math.max(1, options.threads ?? DEFAULT_THREADS);
  const { timeLimitMs, resourceLimits, overLimit, name } = options;
  const threads = new Set<Thread<TRequest, TResult>>();
  const queue: Job<TRequest, TResult>[] = [];
  let nextId = 1;

  /** Ends a thread; its job, if any, gets `outcome`. */
  const retire = (thread: Thread<TRequest, TResult>, outcome: TResult | Error): void => {
    if (!threads.delete(thread)) return;
    // A thread that could not even load its code: the jobs waiting would wait for ever; they fail instead.
    if (!thread.ready) {
      const failure = outcome instanceof Error ? outcome : new Error(`${name} could not start`);
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

  const start = (): Thread<TRequest, TResult> => {
    const worker = new Worker(options.program.source, { eval: options.program.eval, resourceLimits });
    worker.unref();
    const thread: Thread<TRequest, TResult> = { worker, ready: false, busy: null };
    worker.on('message', (message: ThreadMessage<TResult>) => {
      if ('ready' in message) {
        thread.ready = true;
        pump();
        return;
      }
      if (thread.busy?.id !== message.id) return;
      const { job, timer } = thread.busy;
      clearTimeout(timer);
      thread.busy = null;
      if ('result' in message) job.resolve(message.result);
      else job.reject(new Error(`${name} failed: ${message.error}`));
      pump();
    });
    // Out of its memory while reading the file: that file is refused. Anything else is our failure (500).
    worker.on('error', (error: Error & { code?: string }) => retire(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? overLimit : error));
    worker.on('exit', (code) => retire(thread, new Error(`${name} ended (${code})`)));
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
      const job = queue.shift() as Job<TRequest, TResult>;
      const id = nextId++;
      const running = thread;
      running.busy = { id, job, timer: setTimeout(() => retire(running, overLimit), timeLimitMs) };
      running.worker.postMessage({ id, request: job.request }, [...job.transfer]);
    }
  }

  return {
    run(request, transfer = []) {
      return new Promise<TResult>((resolve, reject) => {
        queue.push({ request, transfer, resolve, reject });
        pump();
      });
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new Error(`${name} pool was closed`));
      await Promise.all(
        [...threads].map((thread) => {
          threads.delete(thread);
          if (thread.busy) {
            clearTimeout(thread.busy.timer);
            thread.busy.job.reject(new Error(`${name} pool was closed`));
          }
          return thread.worker.terminate();
        }),
      );
    },
  };
}

/** The thread side: answers each job with `handle`, one at a time, and says when it is ready. */
export function serveThread<TRequest, TResult>(handle: (request: TRequest) => Promise<TResult>): void {
  parentPort?.on('message', ({ id, request }: { id: number; request: TRequest }) => {
    handle(request).then(
      (result) => parentPort?.postMessage({ id, result }),
      (error: unknown) => parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) }),
    );
  });
  parentPort?.postMessage({ ready: true });
}
