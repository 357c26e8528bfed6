import type { SearchIndex } from './search-index';
import { indexOfId } from './search-index';
import { TitleTier, type TextMatch } from './text-match';

/**
 * Text matches → the tenant's position indices: exact titles first, then titles holding the query's
 * phrase, then the rest (text-match.ts TitleTier); within a tier best score first, equal scores newest
 * first. Head terms return tens of thousands of matches, so instead of sorting tuples with a comparator
 * (about 60 ms for 75k) each match becomes one number — its tier in 2 bits, its score relative to the
 * best one in 29, then its newest rank in 21 (52 bits: exact in a double) — and a Float64Array is
 * sorted natively (a few ms). Relative, because bm25
 * scores of very common words are tiny (FTS5 floors their IDF at 1e-6) yet still ordered by the
 * column weights: title matches first.
 */

const RANK_BITS = 2 ** 21;
const SCORE_STEPS = 2 ** 29 - 1;
const TIER_STEP = 2 ** 29;
const BEST_TIER = TitleTier.Exact;

export function rankMatches(index: SearchIndex, matches: readonly TextMatch[]): Int32Array {
  if (index.size >= RANK_BITS) return rankWithComparator(index, matches);
  const positions = new Int32Array(matches.length);
  const scores = new Float64Array(matches.length);
  const tiers = new Uint8Array(matches.length);
  let kept = 0;
  let best = 0;
  for (const match of matches) {
    const position = indexOfId(index, Number(match.id));
    // Other tenants' and archived positions share the full-text index; the tenant's index holds neither.
    if (position < 0) continue;
    const score = Math.max(0, Number(match.score) || 0);
    positions[kept] = position;
    scores[kept] = score;
    tiers[kept] = match.tier;
    best = Math.max(best, score);
    kept += 1;
  }
  const keys = new Float64Array(kept);
  for (let at = 0; at < kept; at += 1) {
    const relative = best > 0 ? Math.round(((scores[at] as number) / best) * SCORE_STEPS) : 0;
    const tier = BEST_TIER - (tiers[at] as number);
    keys[at] = (tier * TIER_STEP + SCORE_STEPS - relative) * RANK_BITS + (index.newestRank[positions[at] as number] as number);
  }
  keys.sort();
  const ranked = new Int32Array(kept);
  for (let at = 0; at < kept; at += 1) ranked[at] = index.newestOrder[(keys[at] as number) % RANK_BITS] as number;
  return ranked;
}

/** The same order for indexes too large to pack the rank (two million positions or more). */
function rankWithComparator(index: SearchIndex, matches: readonly TextMatch[]): Int32Array {
  const scored: [number, number, number][] = [];
  for (const match of matches) {
    const position = indexOfId(index, Number(match.id));
    if (position >= 0) scored.push([position, Math.max(0, Number(match.score) || 0), match.tier]);
  }
  scored.sort((a, b) => b[2] - a[2] || b[1] - a[1] || (index.newestRank[a[0]] as number) - (index.newestRank[b[0]] as number));
  return Int32Array.from(scored, ([position]) => position);
}
