import type { SearchIndex } from './search-index';
import { indexOfId } from './search-index';
import { TitleTier, type TextMatchSet } from './postings-matcher';

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
  // Tiers and scores by newest-first rank, then one walk through the ranks: cheaper than sorting the
  // matches. Kept by rank rather than by position so that walk reads memory in order: by position it
  // jumped about a million-slot array once per match (P4: a head word's matches took twice as long).
  // Plain indexed loops: a million matches of a head term pass through here.
  const tierAt = new Uint8Array(index.size).fill(NOT_MATCHED);
  const scoreAt = new Float64Array(index.size);
  const rankOf = index.newestRank;
  const { ids, scores: foundScores } = found;
  let count = 0;
  for (let at = 0; at < ids.length; at += 1) {
    const position = indexOfId(index, ids[at] as number);
    if (position < 0) continue;
    const rank = rankOf[position] as number;
    if (tierAt[rank] !== NOT_MATCHED) continue;
    tierAt[rank] = TitleTier.Other;
    const score = foundScores[at] as number;
    scoreAt[rank] = score > 0 && score < Number.POSITIVE_INFINITY ? score : 0;
    count += 1;
  }
  // Only the title lists' ids among the matches count.
  const raise = (listed: Int32Array, tier: TitleTier) => {
    for (let at = 0; at < listed.length; at += 1) {
      const position = indexOfId(index, listed[at] as number);
      if (position < 0) continue;
      const rank = rankOf[position] as number;
      if (tierAt[rank] !== NOT_MATCHED) tierAt[rank] = tier;
    }
  };
  raise(found.phraseIds, TitleTier.Phrase);
  raise(found.exactIds, TitleTier.Exact);

  const positions = new Int32Array(count);
  const tiers = new Uint8Array(count);
  const scores = new Float64Array(count);
  const newestOrder = index.newestOrder;
  let kept = 0;
  for (let rank = 0; rank < newestOrder.length && kept < count; rank += 1) {
    const tier = tierAt[rank] as number;
    if (tier === NOT_MATCHED) continue;
    positions[kept] = newestOrder[rank] as number;
    tiers[kept] = tier;
    scores[kept] = scoreAt[rank] as number;
    kept += 1;
  }
  return { positions, tiers, scores, foreign: ids.length - count };
}
