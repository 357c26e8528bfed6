import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { inspectUploadedFiles } from './signed-upload.validation';
import type { UploadedFile } from './signed-upload.rules';

/**
 * The checking thread's program (signed-upload.pool.ts): judges uploads one at a time, off the server's event
 * loop, under the memory limits the pool gave it. Built beside main.js as signed-upload-worker.js (build.mjs).
 */

interface CheckRequest {
  id: number;
  files: UploadedFile[];
}

// The lowest CPU priority for this thread (on Linux a nice value is per thread): while bombs are checked the
// event loop, in the same process, keeps answering first (issue 8: /healthz p99 < 100 ms during 4 checks).
try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // Not permitted here (some containers): the check still runs, at normal priority.
}

parentPort?.on('message', ({ id, files }: CheckRequest) => {
  inspectUploadedFiles(files).then(
    (inspection) => parentPort?.postMessage({ id, inspection }),
    (error: unknown) => parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) }),
  );
});
parentPort?.postMessage({ ready: true });
