import type { FormDefinition } from '@careers/contracts';

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

/**
 * Starts a worker that reads one form definition with the engine's schema: ~200 zod schemas built and a deep parse,
 * ~100 ms of a phone's main thread on the apply page (P6). Call it before fetching, so the worker loads its code
 * while the request is on its way. Where the browser has no workers, or this one fails, the same reading runs on
 * the main thread from its own lazily loaded chunk.
 */
export function startDefinitionCheck(): DefinitionCheck {
  let worker: Worker | null = null;
  if (typeof Worker === 'function') {
    try {
      worker = new Worker(new URL('./definition-check.worker.ts', import.meta.url), { type: 'module', name: 'form-definition-check' });
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
        running.addEventListener('message', (event: MessageEvent<FormDefinition | null>) => {
          stop();
          resolve(event.data);
        });
        running.addEventListener('error', () => {
          stop();
          resolve(readOnMainThread(wire));
        });
        running.postMessage(wire);
      });
    },
    cancel: stop,
  };
}
