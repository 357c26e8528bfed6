import { TitleTier } from './postings-matcher';
import type { TextMatches } from './text-matches';

/**
 * One page of a relevance-ordered search (issue 3): exact titles first, then titles holding the
 * query's phrase, then the rest; within a tier best score first, equal scores newest first.
 *
 * The tiers partition the results, so the page is the concatenation of slices of the tiers it
 * overlaps, and a tier's slice needs only that tier's results ordered — a few picked by insertion when
 * the page is near the tier's top. Every match carries its score already (postings-matcher.ts).
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
  for (let at = 0; at < results.length; at += 1) {
    const tier = tiers[results[at] as number] as number;
    sizes[tier] = (sizes[tier] as number) + 1;
  }

  const page: number[] = [];
  let offset = 0;
  for (const tier of TIER_ORDER) {
    const size = sizes[tier] as number;
    if (offset < end && offset + size > start) {
      const members = new Int32Array(size);
      for (let at = 0, kept = 0; at < results.length; at += 1) if (tiers[results[at] as number] === tier) members[kept++] = results[at] as number;
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
  // The best so far, best first; a member enters only if it beats the last one — members come in
  // ascending places, so only by a higher score once the list is full.
  const best: number[] = [];
  let floor = Number.NEGATIVE_INFINITY;
  for (let member = 0; member < members.length; member += 1) {
    const slot = members[member] as number;
    if (best.length === take && !((scores[slot] as number) > floor)) continue;
    let at = Math.min(best.length, take - 1);
    if (best.length < take) best.push(slot);
    while (at > 0 && isBefore(scores, slot, best[at - 1] as number)) {
      best[at] = best[at - 1] as number;
      at -= 1;
    }
    best[at] = slot;
    if (best.length === take) floor = scores[best[take - 1] as number] as number;
  }
  return best;
}
