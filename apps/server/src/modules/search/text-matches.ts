import type { SearchIndex } from './search-index';
import { indexOfId } from './search-index';
import { TitleTier, type TextMatchSet } from './text-match';

/**
 * A free-text query's matches within a tenant's index, as the search cache keeps them per set of
 * words: position indices newest first (the engine walks them in that order, so equal scores stay
 * newest first), each with its title tier and score.
 */
export interface TextMatches {
  /** Index positions of the matches, newest first. */
  positions: Int32Array;
  /** TitleTier of each match (aligned with positions). */
  tiers: Uint8Array;
  /** Score of each match (aligned with positions). */
  scores: Float64Array;
  /** Matches outside this index (archived positions). */
  foreign: number;
}

/** Bytes a cache entry holds (lru.ts budgets). */
export const textMatchesBytes = (matches: TextMatches): number =>
  matches.positions.byteLength + matches.tiers.byteLength + matches.scores.byteLength;

const NOT_MATCHED = 255;

/** The tenant's share of a match set (archived and unknown ids are dropped), newest first. */
export function buildTextMatches(index: SearchIndex, found: TextMatchSet): TextMatches {
  // Tiers and scores by index position first, then one walk in newest order: cheaper than sorting the
  // matches. Plain indexed loops: a million matches of a head term pass through here.
  const tierAt = new Uint8Array(index.size).fill(NOT_MATCHED);
  const scoreAt = new Float64Array(index.size);
  const { ids, scores: foundScores } = found;
  let count = 0;
  for (let at = 0; at < ids.length; at += 1) {
    const position = indexOfId(index, ids[at] as number);
    if (position < 0 || tierAt[position] !== NOT_MATCHED) continue;
    tierAt[position] = TitleTier.Other;
    const score = foundScores[at] as number;
    scoreAt[position] = score > 0 && score < Number.POSITIVE_INFINITY ? score : 0;
    count += 1;
  }
  // Only the title lists' ids among the matches count.
  const raise = (listed: Int32Array, tier: TitleTier) => {
    for (let at = 0; at < listed.length; at += 1) {
      const position = indexOfId(index, listed[at] as number);
      if (position >= 0 && tierAt[position] !== NOT_MATCHED) tierAt[position] = tier;
    }
  };
  raise(found.phraseIds, TitleTier.Phrase);
  raise(found.exactIds, TitleTier.Exact);

  const positions = new Int32Array(count);
  const tiers = new Uint8Array(count);
  const scores = new Float64Array(count);
  const newestOrder = index.newestOrder;
  let kept = 0;
  for (let at = 0; at < newestOrder.length && kept < count; at += 1) {
    const position = newestOrder[at] as number;
    const tier = tierAt[position] as number;
    if (tier === NOT_MATCHED) continue;
    positions[kept] = position;
    tiers[kept] = tier;
    scores[kept] = scoreAt[position] as number;
    kept += 1;
  }
  return { positions, tiers, scores, foreign: ids.length - count };
}
