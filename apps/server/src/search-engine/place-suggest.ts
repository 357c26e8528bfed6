import { PLACE_SUGGESTIONS_MAX, type PlaceSuggestion } from '@careers/contracts';
import { normalizeSearchText, TYPO_MIN_LENGTH, withinOneEdit } from './search-terms';
import type { Place, SearchIndex } from './search-index';

/**
 * Location suggestions from the tenant's own places (issue 8 §6: only Remote and current location were
 * offered, "Lond" was searched literally and "Mancheter" found nothing). Every typed word must fit a word of
 * the place — whole, as its start, or within one wrong, missing, extra or swapped letter (words of
 * TYPO_MIN_LENGTH letters or more, also against the start of a longer word: "Mancht" → Manchester) — and
 * the best fits come first, then the places with more jobs. Works on the index's distinct places, so the
 * cost does not grow with the number of positions.
 */

const EXACT = 3;
const PREFIX = 2;
const TYPO = 1;

function wordFit(typed: string, candidate: string): number {
  if (candidate === typed) return EXACT;
  if (candidate.startsWith(typed)) return PREFIX;
  if (typed.length < TYPO_MIN_LENGTH) return 0;
  if (withinOneEdit(typed, candidate)) return TYPO;
  // A typo in an unfinished word: compare with the candidate's start of the same length (±1).
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length >= TYPO_MIN_LENGTH && length < candidate.length && withinOneEdit(typed, candidate.slice(0, length))) return TYPO;
  }
  return 0;
}

/** How well the typed words fit the place: 0 when any word fits none of its words. */
export function placeFit(place: Pick<Place, 'words' | 'cityWords'>, typedWords: readonly string[]): number {
  let total = 0;
  for (const typed of typedWords) {
    let best = 0;
    for (const candidate of place.words) {
      best = Math.max(best, wordFit(typed, candidate) + (place.cityWords.includes(candidate) ? 0.5 : 0));
      if (best >= EXACT + 0.5) break;
    }
    if (best < TYPO) return 0;
    total += best;
  }
  return total;
}

const jobCounts = new WeakMap<SearchIndex, Int32Array>();

/** Open positions per place of the index (computed once per index). */
function jobsPerPlace(index: SearchIndex): Int32Array {
  let counts = jobCounts.get(index);
  if (!counts) {
    counts = new Int32Array(index.places.length);
    for (const place of index.placeItems) counts[place] = (counts[place] ?? 0) + 1;
    jobCounts.set(index, counts);
  }
  return counts;
}

export function suggestPlaces(index: SearchIndex, text: string, limit = PLACE_SUGGESTIONS_MAX): PlaceSuggestion[] {
  const typedWords = normalizeSearchText(text).split(' ').filter(Boolean);
  if (typedWords.length === 0) return [];
  const counts = jobsPerPlace(index);
  const found: { place: Place; fit: number; jobs: number }[] = [];
  index.places.forEach((place, at) => {
    const jobs = counts[at] ?? 0;
    if (jobs === 0) return;
    const fit = placeFit(place, typedWords);
    if (fit > 0) found.push({ place, fit, jobs });
  });
  found.sort((a, b) => b.fit - a.fit || b.jobs - a.jobs || a.place.label.localeCompare(b.place.label));
  // One suggestion per label (a place listed twice with other coordinates reads the same to a candidate).
  const seen = new Set<string>();
  const suggestions: PlaceSuggestion[] = [];
  for (const { place, jobs } of found) {
    if (seen.has(place.label)) continue;
    seen.add(place.label);
    suggestions.push({ label: place.label, location: place.label, jobs });
    if (suggestions.length === limit) break;
  }
  return suggestions;
}
