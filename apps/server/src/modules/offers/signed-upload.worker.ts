import { serveThread } from '../../kernel/thread-pool';
import { inspectUploadedFiles } from './signed-upload.validation';
import type { UploadInspection, UploadedFile } from './signed-upload.rules';

/**
 * The checking thread's program (signed-upload.pool.ts): judges uploads one at a time, off the server's event
 * loop, under the memory limits the pool gave it. Built beside main.js as signed-upload-worker.js (build.mjs).
 */
serveThread<UploadedFile[], UploadInspection>(inspectUploadedFiles);
