/**
 * Reads form definitions on a worker thread (forms/definition/definition-check.ts): the engine's schema of every
 * item type, built and run here, never on the main thread while a form page starts (TBT, P6).
 */
import { parseFormDefinition } from './parse-definition';

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  self.postMessage(parseFormDefinition(event.data));
});
