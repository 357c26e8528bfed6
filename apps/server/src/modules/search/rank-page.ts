import { TitleTier } from './text-match';
import type { TextMatches } from './text-matches';

/**
 * One page of a relevance-ordered search (issue 3): exact titles first, then titles holding the
 * query's phrase, then the rest; within a tier best score first, equal scores newest first.
 *
 * The tiers partition the results, so the page is the concatenation of slices of the tiers it
 * overlaps, and a tier's slice needs only that tier's results ordered — a few picked by insertion when
 * the page is near the tier's top. Every match carries its score already (text-match.ts).
 */

/** Tiers best first. */
const TIER_ORDER = [TitleTier.Exact, TitleTier.Phrase, TitleTier.Other] as const;
/** Up to this many of a tier's best are picked by insertion; beyond, the tier is sorted. */
const PICK_MAX = 64;

/**
 * `results`: places in matches.positions of the search's results, ascending (= newest first).
 * Returns the places of the page's results in order.
 */
export function rankedPage(matches: TextMatches, results: Int32Array, start: number, pageSize: number): number[] {
  const end = Math.min(start + pageSize, results.length);
  if (start >= end) return [];
  const { tiers, scores } = matches;
  const sizes = [0, 0, 0];
  for (const slot of results) sizes[tiers[slot] as number] = (sizes[tiers[slot] as number] as number) + 1;

  const page: number[] = [];
  let offset = 0;
  for (const tier of TIER_ORDER) {
    const size = sizes[tier] as number;
    if (offset < end && offset + size > start) {
      const members = results.filter((slot) => tiers[slot] === tier);
      const take = Math.min(end, offset + size) - offset;
      page.push(...bestFirst(members, scores, take).slice(Math.max(0, start - offset)));
    }
    offset += size;
  }
  return page;
}

/** a before b: higher score, then the lower place (newer). */
function isBefore(scores: Float64Array, a: number, b: number): boolean {
  const scoreA = scores[a] as number;
  const scoreB = scores[b] as number;
  return scoreA > scoreB || (scoreA === scoreB && a < b);
}

/** The `take` best of `members`, best first. */
function bestFirst(members: Int32Array, scores: Float64Array, take: number): number[] {
  if (take > PICK_MAX || take * 4 > members.length) {
    return [...members.slice().sort((a, b) => (isBefore(scores, a, b) ? -1 : isBefore(scores, b, a) ? 1 : 0)).subarray(0, take)];
  }
  // The best so far, best first; a member enters only if it beats the last one.
  const best: number[] = [];
  for (const slot of members) {
    if (best.length === take && !isBefore(scores, slot, best[take - 1] as number)) continue;
    let at = Math.min(best.length, take - 1);
    if (best.length < take) best.push(slot);
    while (at > 0 && isBefore(scores, slot, best[at - 1] as number)) {
      best[at] = best[at - 1] as number;
      at -= 1;
    }
    best[at] = slot;
  }
  return best;
}
