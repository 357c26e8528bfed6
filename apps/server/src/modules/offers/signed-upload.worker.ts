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

parentPort?.on('message', ({ id, files }: CheckRequest) => {
  inspectUploadedFiles(files).then(
    (inspection) => parentPort?.postMessage({ id, inspection }),
    (error: unknown) => parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) }),
  );
});
parentPort?.postMessage({ ready: true });
