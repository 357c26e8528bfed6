import { WORLD_CITIES, type WorldCity } from './world-cities';

/**
 * Location text as ATS feeds and spreadsheets write it ("San Francisco, CA", "München, Germany",
 * "Remote - US", "London; Remote") turned into places with coordinates (issue 10 imports). Matching
 * ignores case, accents and punctuation; a qualifier after the city (region, country, country code) must
 * agree with the city found, so "London, Ontario" is unknown rather than London in England.
 */

export interface ResolvedPlace {
  city: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
}

export interface ResolvedLocations {
  places: ResolvedPlace[];
  /** Some part said the work is remote ("Remote", "Remote - US", "Anywhere"). */
  isRemote: boolean;
  /** Parts naming no known place. */
  unknown: string[];
}

/** Lower case, accents dropped, punctuation as spaces: "São Paulo" and "Sao-Paulo" meet. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Other names of listed cities (local spellings, old names, abbreviations). */
const CITY_ALIASES: Record<string, string> = {
  nyc: 'new york',
  'new york city': 'new york',
  manhattan: 'new york',
  brooklyn: 'new york',
  sf: 'san francisco',
  'bay area': 'san francisco',
  'sf bay area': 'san francisco',
  'san francisco bay area': 'san francisco',
  'washington d c': 'washington',
  'washington dc': 'washington',
  dc: 'washington',
  la: 'los angeles',
  bangalore: 'bengaluru',
  gurgaon: 'gurugram',
  bombay: 'mumbai',
  madras: 'chennai',
  calcutta: 'kolkata',
  munchen: 'munich',
  koln: 'cologne',
  'frankfurt am main': 'frankfurt',
  zurich: 'zurich',
  wien: 'vienna',
  praha: 'prague',
  lisboa: 'lisbon',
  roma: 'rome',
  milano: 'milan',
  torino: 'turin',
  napoli: 'naples',
  firenze: 'florence',
  venezia: 'venice',
  kiev: 'kyiv',
  'den haag': 'the hague',
  bruxelles: 'brussels',
  brussel: 'brussels',
  geneve: 'geneva',
  genf: 'geneva',
  saigon: 'ho chi minh city',
  'st petersburg': 'saint petersburg',
  'saint louis': 'st louis',
  krakow: 'krakow',
  warszawa: 'warsaw',
  kobenhavn: 'copenhagen',
  goteborg: 'gothenburg',
  'mexico df': 'mexico city',
  cdmx: 'mexico city',
  'ciudad de mexico': 'mexico city',
  'sao paulo': 'sao paulo',
  'tel aviv yafo': 'tel aviv',
  'tel aviv jaffa': 'tel aviv',
};

/** Country names and codes people write, keyed by placeKey, to ISO codes. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u s': 'US',
  'u s a': 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  deutschland: 'DE',
  holland: 'NL',
  'the netherlands': 'NL',
  'czech republic': 'CZ',
  korea: 'KR',
  'republic of korea': 'KR',
  uae: 'AE',
  espana: 'ES',
  brasil: 'BR',
  schweiz: 'CH',
  suisse: 'CH',
  osterreich: 'AT',
  turkiye: 'TR',
};

const REMOTE_WORDS = /\b(remote|anywhere|work from home|wfh|distributed|home based)\b/giu;

const byCity = new Map<string, WorldCity[]>();
const byCountryCode = new Map<string, WorldCity>();
const countryCodeByName = new Map<string, string>();
for (const entry of WORLD_CITIES) {
  const key = placeKey(entry.city);
  byCity.set(key, [...(byCity.get(key) ?? []), entry]);
  if (!byCountryCode.has(entry.countryCode)) byCountryCode.set(entry.countryCode, entry);
  countryCodeByName.set(placeKey(entry.country), entry.countryCode);
  countryCodeByName.set(entry.countryCode.toLowerCase(), entry.countryCode);
}
for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryCodeByName.set(alias, code);

const asPlace = (entry: WorldCity): ResolvedPlace => ({ city: entry.city, region: entry.region, country: entry.country, lat: entry.lat, lng: entry.lng });

/** The ISO code a piece of text names as a country, if it does. */
function countryCodeOf(text: string): string | undefined {
  return countryCodeByName.get(placeKey(text));
}

function qualifies(entry: WorldCity, qualifier: string): boolean {
  const key = placeKey(qualifier);
  if (key === '') return true;
  if (placeKey(entry.region) === key || placeKey(entry.country) === key) return true;
  return countryCodeOf(qualifier) === entry.countryCode;
}

/** One place's text, without remote words: "Berlin", "Austin, TX", "Paris, Île-de-France, France", "Germany". */
export function resolvePlace(text: string): ResolvedPlace | null {
  const cleaned = text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/^\s*greater\s+/i, '')
    .replace(/\s+(metropolitan\s+area|metro\s+area|area|hq|office)\s*$/i, '');
  const parts = cleaned
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const [first, ...qualifiers] = parts as [string, ...string[]];
  const key = placeKey(first);
  const candidates = byCity.get(CITY_ALIASES[key] ?? key) ?? [];
  const found = candidates.find((entry) => qualifiers.every((qualifier) => qualifies(entry, qualifier)));
  if (found) return asPlace(found);
  // A country alone stands for its first listed city (its capital or largest hub).
  if (qualifiers.length === 0 && candidates.length === 0) {
    const code = countryCodeOf(first);
    const anchor = code === undefined ? undefined : byCountryCode.get(code);
    if (anchor) return asPlace(anchor);
  }
  return null;
}

/**
 * Location texts (each may list several places separated by ";", "|" or " / ") resolved in order, the
 * duplicates dropped. Remote words mark the position remote; what remains of such a part ("Remote - US")
 * is resolved as a place when it names one.
 */
export function resolveLocations(texts: readonly string[]): ResolvedLocations {
  const places: ResolvedPlace[] = [];
  /** Places named only beside a remote marker ("Remote - US"): the anchor when nothing else is named. */
  const remoteAnchors: ResolvedPlace[] = [];
  const unknown: string[] = [];
  let isRemote = false;
  const seen = new Set<string>();
  for (const text of texts) {
    for (const raw of text.split(/;|\||\s\/\s|\n/)) {
      const part = raw.trim();
      if (part === '') continue;
      const remote = REMOTE_WORDS.test(part);
      REMOTE_WORDS.lastIndex = 0;
      const rest = remote ? part.replace(REMOTE_WORDS, ' ').replace(/^[\s\-–—:,]+|[\s\-–—:,]+$/g, '') : part;
      if (remote) isRemote = true;
      if (placeKey(rest) === '') continue;
      const place = resolvePlace(rest);
      if (place === null) {
        // "Remote - EMEA": the remote part stands; a region we cannot place is no error.
        if (!remote) unknown.push(part);
        continue;
      }
      if (remote) {
        remoteAnchors.push(place);
        continue;
      }
      const key = `${place.city}\u0000${place.country}`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push(place);
    }
  }
  return { places: places.length > 0 ? places : remoteAnchors.slice(0, 1), isRemote, unknown };
}
