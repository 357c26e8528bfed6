import type { FormDefinition } from '@careers/contracts';
import type { CountryOption, PhoneCountry } from '../fields/country-names';

/**
 * What the page asks the definition worker: to name the phone countries in a language (first; the page lists them,
 * so the worker carries no phone metadata), then to read a definition.
 */
export type DefinitionCheckRequest = { kind: 'countries'; language: string; countries: readonly PhoneCountry[] } | { kind: 'definition'; wire: unknown };

/** The worker's one answer: the definition read (null: it cannot be read) and the countries it named, if any. */
export interface DefinitionCheckAnswer {
  definition: FormDefinition | null;
  countries: { language: string; options: readonly CountryOption[] } | null;
}
