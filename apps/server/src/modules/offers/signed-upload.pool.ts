import type { ResourceLimits } from 'node:worker_threads';
import { createThreadPool, threadProgram, DEFAULT_THREADS } from '../../kernel/thread-pool';
import { UploadMessages, type UploadInspection, type UploadedFile } from './signed-upload.rules';

/**
 * Checks uploaded signed offer letters in worker threads (issue 8 §1), on the shared thread pool
 * (kernel/thread-pool.ts): a hostile file costs at most one thread's memory limit and the time limit, past
 * which it is refused as too complex.
 */

export { DEFAULT_THREADS };

export interface UploadCheckPoolOptions {
  /** Threads checking at once; more checks wait their turn. */
  threads?: number;
  /** A check running longer than this is ended and refused. */
  timeLimitMs?: number;
  resourceLimits?: ResourceLimits;
}

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

export function createUploadCheckPool(options: UploadCheckPoolOptions = {}): UploadCheckPool {
  const pool = createThreadPool<UploadedFile[], UploadInspection>({
    program: threadProgram(import.meta.url, './signed-upload.worker.ts', 'signed-upload-worker.js'),
    overLimit: TOO_COMPLEX,
    timeLimitMs: options.timeLimitMs ?? CHECK_TIME_LIMIT_MS,
    resourceLimits: options.resourceLimits ?? CHECK_RESOURCE_LIMITS,
    name: 'the upload checking thread',
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  return {
    inspect: (files) => pool.run(files.map(({ bytes, filename }) => ({ bytes, filename }))),
    close: () => pool.close(),
  };
}
