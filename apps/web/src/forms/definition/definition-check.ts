import { listPhoneCountries, type FormDefinition } from '@careers/contracts';
import type { ResponseSchema } from '../../lib/http';
import { seedCountryOptions } from '../fields/country-options';
import type { AnswerKind, CheckedAnswer } from './answer-checks';
import type { DefinitionCheckAnswer, DefinitionCheckRequest } from './definition-check-protocol';

/** A definition reader made ready while the form is still being fetched; one reading per check. */
export interface DefinitionCheck {
  /** The engine's strict reading of the definition (null: it cannot be read). */
  read(wire: unknown): Promise<FormDefinition | null>;
  /**
   * The response schema of an answer that carries a definition (answer-checks.ts), for `http`: the answer is
   * checked whole and its definition read, both on the worker; a refused answer fails the parse.
   */
  answer<Kind extends AnswerKind>(kind: Kind): ResponseSchema<CheckedAnswer<Kind>>;
  /** Frees the worker when the definition never came (the fetch failed or was aborted). */
  cancel(): void;
}

async function readOnMainThread(wire: unknown): Promise<FormDefinition | null> {
  const { parseFormDefinition } = await import('./parse-definition');
  return parseFormDefinition(wire);
}

async function checkOnMainThread<Kind extends AnswerKind>(kind: Kind, answer: unknown): Promise<CheckedAnswer<Kind>> {
  const { answerChecks } = await import('./answer-checks');
  return answerChecks[kind](answer) as CheckedAnswer<Kind>;
}

/** The page's language (the html element's, which i18n keeps): what the phone fields name countries in. */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/**
 * Starts a worker that reads one form definition with the engine's schema, or the whole answer that carries it
 * (`answer`): ~200 zod schemas built and a deep parse, ~100 ms of a phone's main thread on the apply page (P6).
 * Call it before fetching, so the worker loads its code and names the phone fields' countries (another 40–75 ms)
 * while the request is on its way. Where the browser has no workers, or this one fails, the same reading runs on
 * the main thread from its own lazily loaded chunk.
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
  /** Sends one request; its answer, or the same work on the main thread when there is no worker or it fails. */
  const ask = <T>(request: DefinitionCheckRequest, onAnswer: (answer: DefinitionCheckAnswer) => T, onMainThread: () => Promise<T>): Promise<T> => {
    const running = worker;
    if (!running) return onMainThread();
    return new Promise<T>((resolve, reject) => {
      running.addEventListener('message', (event: MessageEvent<DefinitionCheckAnswer>) => {
        stop();
        if (event.data.countries) seedCountryOptions(event.data.countries.language, event.data.countries.options);
        try {
          resolve(onAnswer(event.data));
        } catch (error) {
          reject(error);
        }
      });
      running.addEventListener('error', () => {
        stop();
        resolve(onMainThread());
      });
      running.postMessage(request);
    });
  };
  return {
    read: (wire) => ask({ kind: 'definition', wire }, (answer) => answer.definition, () => readOnMainThread(wire)),
    answer: <Kind extends AnswerKind>(kind: Kind): ResponseSchema<CheckedAnswer<Kind>> => ({
      parse: (value) =>
        ask(
          { kind: 'answer', answerKind: kind, answer: value },
          ({ checked }) => {
            if (!checked?.ok) throw new Error(`The ${kind} answer does not match its schema`);
            return checked.value as CheckedAnswer<Kind>;
          },
          () => checkOnMainThread(kind, value),
        ),
    }),
    cancel: stop,
  };
}
