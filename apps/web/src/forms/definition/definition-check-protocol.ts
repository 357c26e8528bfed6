import type { FormDefinition } from '@careers/contracts';
import type { CountryOption } from '../fields/country-options';

/** What the page asks the definition worker: the countries of a language (first), then a definition to read. */
export type DefinitionCheckRequest = { kind: 'countries'; language: string } | { kind: 'definition'; wire: unknown };

/** The worker's one answer: the definition read (null: it cannot be read) and the countries it named, if any. */
export interface DefinitionCheckAnswer {
  definition: FormDefinition | null;
  countries: { language: string; options: readonly CountryOption[] } | null;
}
