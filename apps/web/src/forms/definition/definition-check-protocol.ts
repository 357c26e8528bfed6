import type { FormDefinition } from '@careers/contracts';
import type { CountryOption, PhoneCountry } from '../fields/country-names';
import type { AnswerKind } from './answer-checks';

/**
 * What the page asks the definition worker: to name the phone countries in a language (first; the page lists them,
 * so the worker carries no phone metadata), then to read a definition, or a whole answer that carries one
 * (answer-checks.ts).
 */
export type DefinitionCheckRequest =
  | { kind: 'countries'; language: string; countries: readonly PhoneCountry[] }
  | { kind: 'definition'; wire: unknown }
  | { kind: 'answer'; answerKind: AnswerKind; answer: unknown };

/**
 * The worker's one answer: the definition read (null: it cannot be read), or the answer checked (`checked`, with
 * the definition inside; not ok: refused), and the countries it named, if any.
 */
export interface DefinitionCheckAnswer {
  definition: FormDefinition | null;
  checked?: { ok: true; value: unknown } | { ok: false };
  countries: { language: string; options: readonly CountryOption[] } | null;
}
