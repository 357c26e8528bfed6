import type { IntlWarmupRequest } from './intl-warmup.worker';
import { intlLocale } from './intl';

/**
 * Starts a worker that makes the page's Intl formatters once, so that the main thread's first ones are cheap
 * by the time the app renders (intl-warmup.worker.ts). Called first thing: the worker runs beside the page's
 * download and start. A browser without module workers simply pays the cost on the main thread, as before.
 */
export function startIntlWarmup(language: string): void {
  if (typeof Worker !== 'function') return;
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
    const request: IntlWarmupRequest = { locale: intlLocale(language && !language.startsWith('__') ? language : 'en') };
    worker.postMessage(request);
  } catch {
    // No worker (a strict CSP, an old browser): nothing is lost but the head start.
  }
}
