/**
 * Positions store English country names ("United States"); schema.org's addressCountry prefers the
 * ISO 3166-1 alpha-2 code. The names come from ICU (Intl.DisplayNames), so every name Node knows maps
 * back without a hand-kept table.
 */

let byName: Map<string, string> | null = null;
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);

function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  byName = new Map();
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      // Deprecated aliases (UK, BU, DD …) canonicalise to another code; groupings (EU, UN, QO, ZZ) are no country.
      if (NOT_COUNTRIES.has(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const name = names.of(code);
      if (name && name !== code) byName.set(name.toLowerCase(), code);
    }
  }
  for (const [alias, code] of [['usa', 'US'], ['england', 'GB']] as const) byName.set(alias, code);
  return byName;
}

/** "United States" → "US", "gb" → "GB"; null when the text is neither a known name nor a two-letter code. */
export function countryCode(country: string): string | null {
  const text = country.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    // "UK" → "GB": the canonical form of a deprecated code.
    const canonical = Intl.getCanonicalLocales(`und-${text.toUpperCase()}`)[0] ?? '';
    return /^und-[A-Z]{2}$/.test(canonical) ? canonical.slice(4) : text.toUpperCase();
  }
  return namesToCodes().get(text.toLowerCase()) ?? null;
}
