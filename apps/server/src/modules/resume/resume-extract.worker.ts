import { serveThread } from '../../kernel/thread-pool';
import { extractResumeText } from './resume-extract';
import type { ResumeInspection } from './resume-file';

/**
 * The resume reading thread's program (resume-extract.pool.ts): extracts one resume's text at a time, off the
 * server's event loop, under the pool's memory and time limits. Built beside main.js as
 * resume-extract-worker.js (build.mjs).
 */
serveThread<Uint8Array, ResumeInspection>(extractResumeText);
