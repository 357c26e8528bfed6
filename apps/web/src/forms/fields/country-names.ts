/** A country with its calling code ('GB', '44'), as the phone metadata lists them. */
export interface PhoneCountry {
  country: string;
  callingCode: string;
}

/** A phone field's country choice: the country, its calling code and its name in the page's language. */
export type CountryOption = PhoneCountry & { name: string };

/**
 * One region namer per language: making an Intl.DisplayNames loads its data (~10 ms here, 40–75 ms on a 4× slower
 * phone, bench/RESULTS.md session 14).
 */
const regionNamesByLanguage = new Map<string, Intl.DisplayNames>();

export function regionName(language: string, country: string): string {
  let names = regionNamesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    regionNamesByLanguage.set(language, names);
  }
  return names.of(country) ?? country;
}

/**
 * The countries named and sorted in a language. Knows no phone metadata (the caller lists the countries), so the
 * form definition's worker names them without carrying libphonenumber's ~28 KB gzip (P5's lazy-chunk budget).
 */
export function nameCountries(language: string, countries: readonly PhoneCountry[]): CountryOption[] {
  const collator = new Intl.Collator(language);
  return countries.map((entry) => ({ ...entry, name: regionName(language, entry.country) })).sort((a, b) => collator.compare(a.name, b.name));
}
