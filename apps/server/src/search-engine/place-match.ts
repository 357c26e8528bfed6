import type { LatLng } from '@careers/contracts';
import { normalizeSearchText, PREFIX_MIN_LENGTH } from './search-terms';
import { boundingBox, haversineMiles, isInBox, effectiveRadiusMiles, type GeoBox } from './geo';
import type { Place, SearchIndex } from './search-index';

/**
 * Which of a tenant's places a search's location means (issue 3 "a typed city/region matches
 * positions there"; spec §4 special locations). Works on the index's distinct places, so the cost does
 * not grow with the number of positions.
 */

/**
 * Typed text: every word must be a word of the place's city, region, country or country code, or (from
 * three letters) the start of one. "Boston", "boston ma", "Boston, MA, United States" (a marker's
 * label), "NY", "germany", "sao" and "US" all work; separators and accents do not matter.
 */
export function placesMatchingText(places: readonly Place[], text: string): Uint8Array {
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  const mask = new Uint8Array(places.length);
  if (words.length === 0) return mask;
  places.forEach((place, index) => {
    const matches = words.every(
      (word) =>
        place.words.has(word) || (word.length >= PREFIX_MIN_LENGTH && [...place.words].some((candidate) => candidate.startsWith(word))),
    );
    if (matches) mask[index] = 1;
  });
  return mask;
}

/**
 * The point a radius is measured from when the text names a city: the one location among the matches
 * whose whole city name was typed ("Boston" → Boston; "United States" or "San" → none, so a radius
 * does not apply there).
 */
export function cityCentre(places: readonly Place[], text: string, matches: Uint8Array): LatLng | null {
  const typed = new Set(normalizeSearchText(text).split(' ').filter(Boolean));
  let centre: LatLng | null = null;
  for (let index = 0; index < places.length; index += 1) {
    const place = places[index];
    if (!place || matches[index] !== 1 || place.cityWords.length === 0 || !place.cityWords.every((word) => typed.has(word))) continue;
    if (centre && (centre.lat !== place.lat || centre.lng !== place.lng)) return null;
    centre = { lat: place.lat, lng: place.lng };
  }
  return centre;
}

/** Places inside a box: a binary search for the latitude band, then the longitude check. */
export function placesInBox(index: Pick<SearchIndex, 'places' | 'placesByLat'>, box: GeoBox): number[] {
  const { places, placesByLat } = index;
  let low = 0;
  let high = placesByLat.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((places[placesByLat[middle] ?? 0]?.lat ?? 0) < box.minLat) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let at = low; at < placesByLat.length; at += 1) {
    const placeIndex = placesByLat[at] ?? 0;
    const place = places[placeIndex];
    if (!place || place.lat > box.maxLat) break;
    if (isInBox(place, box)) found.push(placeIndex);
  }
  return found;
}

/** Places within `radiusMiles` of `centre`: the bounding box first, then the exact haversine distance. */
export function placesWithinRadius(index: Pick<SearchIndex, 'places' | 'placesByLat'>, centre: LatLng, radiusMiles: number): Uint8Array {
  const mask = new Uint8Array(index.places.length);
  const radius = effectiveRadiusMiles(radiusMiles);
  for (const placeIndex of placesInBox(index, boundingBox(centre, radiusMiles))) {
    const place = index.places[placeIndex];
    if (place && haversineMiles(centre, place) <= radius) mask[placeIndex] = 1;
  }
  return mask;
}

export function placesInBounds(index: Pick<SearchIndex, 'places' | 'placesByLat'>, box: GeoBox): Uint8Array {
  const mask = new Uint8Array(index.places.length);
  for (const placeIndex of placesInBox(index, box)) mask[placeIndex] = 1;
  return mask;
}
