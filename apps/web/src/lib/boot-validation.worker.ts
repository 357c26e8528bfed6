/**
 * Checks boot data against BootDataSchema on a worker thread: zod and the whole contract (~100 KB, tens
 * of milliseconds on a slow phone) never touch the main thread while the page starts (TBT, P6).
 * Receives the boot data; answers `{ ok: true }` or `{ ok: false, message }`.
 */
import { validateBootData } from './boot-validation';

export type BootCheckAnswer = { ok: true } | { ok: false; message: string };

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const result = validateBootData(event.data);
  const answer: BootCheckAnswer = result.ok ? { ok: true } : { ok: false, message: result.error.message };
  self.postMessage(answer);
});
