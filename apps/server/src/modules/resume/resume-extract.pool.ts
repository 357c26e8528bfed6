import type { ResourceLimits } from 'node:worker_threads';
import { createThreadPool, threadProgram, type ThreadPool } from '../../kernel/thread-pool';
import { ResumeMessages, type ResumeInspection } from './resume-file';

/**
 * Reads uploaded resumes in worker threads (issue 11: "bounded in time and memory like the offer uploads"),
 * on the pool the offer upload checks use (kernel/thread-pool.ts). pdf.js holds a 10 MB PDF's pages in well
 * under the memory limit; a file that needs more, or longer than the time limit, is refused as too complex.
 */

/** A 3-page resume reads in ~100 ms; a 10 MB one in ~1–2 s on a loaded 2-core host. */
export const EXTRACT_TIME_LIMIT_MS = 8_000;
export const EXTRACT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

export type ResumeExtractPool = ThreadPool<Uint8Array, ResumeInspection>;

export function createResumeExtractPool(options: { threads?: number; timeLimitMs?: number; resourceLimits?: ResourceLimits } = {}): ResumeExtractPool {
  return createThreadPool<Uint8Array, ResumeInspection>({
    program: threadProgram(import.meta.url, './resume-extract.worker.ts', 'resume-extract-worker.js'),
    overLimit: { ok: false, code: 'too_complex', message: ResumeMessages.tooComplex },
    timeLimitMs: options.timeLimitMs ?? EXTRACT_TIME_LIMIT_MS,
    resourceLimits: options.resourceLimits ?? EXTRACT_RESOURCE_LIMITS,
    name: 'the resume reading thread',
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
}

let shared: ResumeExtractPool | null = null;

/** The server's pool: its threads start with the first upload, not with the server (P10 cold start). */
export function resumeExtractPool(): ResumeExtractPool {
  shared ??= createResumeExtractPool();
  return shared;
}
