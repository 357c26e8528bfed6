import { listPhoneCountries, type FormDefinition } from '@careers/contracts';
import { seedCountryOptions } from '../fields/country-options';
import type { DefinitionCheckAnswer, DefinitionCheckRequest } from './definition-check-protocol';

/** A definition reader made ready while the form is still being fetched. */
export interface DefinitionCheck {
  /** The engine's strict reading of the definition (null: it cannot be read); once per check. */
  read(wire: unknown): Promise<FormDefinition | null>;
  /** Frees the worker when the definition never came (the fetch failed or was aborted). */
  cancel(): void;
}

async function readOnMainThread(wire: unknown): Promise<FormDefinition | null> {
  const { parseFormDefinition } = await import('./parse-definition');
  return parseFormDefinition(wire);
}

/** The page's language (the html element's, which i18n keeps): what the phone fields name countries in. */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/**
 * Starts a worker that reads one form definition with the engine's schema: ~200 zod schemas built and a deep parse,
 * ~100 ms of a phone's main thread on the apply page (P6). Call it before fetching, so the worker loads its code
 * and names the phone fields' countries (another 40–75 ms) while the request is on its way. Where the browser has
 * no workers, or this one fails, the same reading runs on the main thread from its own lazily loaded chunk.
 */
export function startDefinitionCheck(language: string = pageLanguage()): DefinitionCheck {
  let worker: Worker | null = null;
  if (typeof Worker === 'function') {
    try {
      worker = new Worker(new URL('./definition-check.worker.ts', import.meta.url), { type: 'module', name: 'form-definition-check' });
      if (language) worker.postMessage({ kind: 'countries', language, countries: listPhoneCountries() } satisfies DefinitionCheckRequest);
    } catch {
      worker = null;
    }
  }
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  return {
    read(wire) {
      const running = worker;
      if (!running) return readOnMainThread(wire);
      return new Promise<FormDefinition | null>((resolve) => {
        running.addEventListener('message', (event: MessageEvent<DefinitionCheckAnswer>) => {
          stop();
          if (event.data.countries) seedCountryOptions(event.data.countries.language, event.data.countries.options);
          resolve(event.data.definition);
        });
        running.addEventListener('error', () => {
          stop();
          resolve(readOnMainThread(wire));
        });
        running.postMessage({ kind: 'definition', wire } satisfies DefinitionCheckRequest);
      });
    },
    cancel: stop,
  };
}
