import type { BootData } from '@careers/contracts';
import type { BootDataResult } from './boot-data';
import type { BootCheckAnswer } from './boot-validation.worker';

function checkInWorker(bootData: BootData): Promise<BootDataResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./boot-validation.worker.ts', import.meta.url), { type: 'module', name: 'boot-check' });
    worker.addEventListener('message', (event: MessageEvent<BootCheckAnswer>) => {
      worker.terminate();
      resolve(event.data.ok ? { ok: true, data: bootData } : { ok: false, error: new Error(event.data.message) });
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The boot data check could not start'));
    });
    worker.postMessage(bootData);
  });
}

/**
 * The full contract check of boot data, off the main thread where the browser has workers; where it has
 * none, or the worker cannot start, the same check runs here from its own lazily loaded chunk.
 */
export async function checkBootData(bootData: BootData): Promise<BootDataResult> {
  if (typeof Worker === 'function') {
    try {
      return await checkInWorker(bootData);
    } catch (error) {
      console.warn('Checking boot data on the main thread:', error);
    }
  }
  const { validateBootData } = await import('./boot-validation');
  return validateBootData(bootData);
}
