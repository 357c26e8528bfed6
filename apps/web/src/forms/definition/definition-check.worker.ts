/**
 * Reads form definitions on a worker thread (forms/definition/definition-check.ts): the engine's schema of every
 * item type, built and run here, never on the main thread while a form page starts (TBT, P6); so is the schema of
 * the answer that carries one (answer-checks.ts). While the form is still being fetched it also names the phone
 * fields' countries in the page's language: making the region namer costs a phone's main thread 40–75 ms
 * (bench/RESULTS.md, session 14).
 */
import { nameCountries } from '../fields/country-names';
import { answerChecks } from './answer-checks';
import type { DefinitionCheckAnswer, DefinitionCheckRequest } from './definition-check-protocol';
import { parseFormDefinition } from './parse-definition';

let countries: DefinitionCheckAnswer['countries'] = null;

function checkAnswer(request: Extract<DefinitionCheckRequest, { kind: 'answer' }>): DefinitionCheckAnswer['checked'] {
  try {
    return { ok: true, value: answerChecks[request.answerKind](request.answer) };
  } catch {
    return { ok: false };
  }
}

self.addEventListener('message', (event: MessageEvent<DefinitionCheckRequest>) => {
  const request = event.data;
  if (request.kind === 'countries') {
    try {
      countries = { language: request.language, options: nameCountries(request.language, request.countries) };
    } catch {
      // A language tag Intl cannot use: the page names the countries itself.
      countries = null;
    }
    return;
  }
  const answer: DefinitionCheckAnswer =
    request.kind === 'answer' ? { definition: null, checked: checkAnswer(request), countries } : { definition: parseFormDefinition(request.wire), countries };
  self.postMessage(answer);
});
