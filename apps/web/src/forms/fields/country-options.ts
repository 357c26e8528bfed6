import { callingCodeOf, listPhoneCountries, resolveCountry } from '@careers/contracts';
import { nameCountries, regionName, type CountryOption } from './country-names';

export type { CountryOption } from './country-names';

/**
 * The ~240 countries named and sorted in a language: the same for every phone field of every form, so made once
 * per language (it cost ~30 ms a field on a phone: a Collator per comparison, DisplayNames per render). The form
 * definition's worker makes them while the form is fetched and hands them over (definition-check.ts), so a phone
 * builds none of them on its main thread.
 */
const countryOptionsByLanguage = new Map<string, readonly CountryOption[]>();

export function countryOptions(language: string): readonly CountryOption[] {
  const cached = countryOptionsByLanguage.get(language);
  if (cached) return cached;
  const options = nameCountries(language, listPhoneCountries());
  countryOptionsByLanguage.set(language, options);
  return options;
}

/** Takes the options another thread made for a language (the first made are kept). */
export function seedCountryOptions(language: string, options: readonly CountryOption[]): void {
  if (!countryOptionsByLanguage.has(language) && options.length > 0) countryOptionsByLanguage.set(language, options);
}

/**
 * The chosen country alone, named in the language: what a closed list shows (no walk of the 240 countries). Named
 * from the made options when there are some, so no region namer is made for it.
 */
export function chosenCountry(language: string, country: string | undefined): readonly CountryOption[] {
  if (country === undefined || resolveCountry(country) !== country) return [];
  const made = countryOptionsByLanguage.get(language)?.find((option) => option.country === country);
  return [made ?? { country, callingCode: callingCodeOf(country), name: regionName(language, country) }];
}
