import type { SearchIndex } from './search-index';
import { indexOfId } from './search-index';
import { TitleTier, type TextMatchSet, type TextScores } from './text-match';

/**
 * A free-text query's matches within a tenant's index, as the search cache keeps them per set of
 * words: position indices newest first (the engine walks them in that order, so equal scores stay
 * newest first), each with its title tier, and its score once something asked for it. Scores are
 * filled in lazily (rank-page.ts): a page needs the scores of the filtered matches in one tier only,
 * and what was scored once serves every later filter combination.
 */
export interface TextMatches {
  /** Index positions of the matches, newest first. */
  positions: Int32Array;
  /** TitleTier of each match (aligned with positions). */
  tiers: Uint8Array;
  /** Engine score of each match; NaN until scored. */
  scores: Float64Array;
  /** Matches of the engine outside this index (other tenants', archived positions): they compete in its top lists. */
  foreign: number;
  /**
   * Every match not scored yet scores below this (+Infinity: nothing known): set by an engine top list
   * over every match, whose lowest score bounds all it left out.
   */
  unscoredBelow: number;
}

/** Bytes a cache entry holds (lru.ts budgets). */
export const textMatchesBytes = (matches: TextMatches): number =>
  matches.positions.byteLength + matches.tiers.byteLength + matches.scores.byteLength;

const NOT_MATCHED = 255;

/** The tenant's share of a match set (other tenants' and archived ids are dropped), newest first. */
export function buildTextMatches(index: SearchIndex, found: TextMatchSet): TextMatches {
  // Tiers by index position first, then one walk in newest order: cheaper than sorting the matches.
  const tierAt = new Uint8Array(index.size).fill(NOT_MATCHED);
  let count = 0;
  for (const id of found.ids) {
    const position = indexOfId(index, id);
    if (position < 0 || tierAt[position] !== NOT_MATCHED) continue;
    tierAt[position] = TitleTier.Other;
    count += 1;
  }
  // The title lists come from queries of their own: only their ids among the matches count.
  const raise = (ids: Int32Array, tier: TitleTier) => {
    for (const id of ids) {
      const position = indexOfId(index, id);
      if (position >= 0 && tierAt[position] !== NOT_MATCHED) tierAt[position] = tier;
    }
  };
  raise(found.phraseIds, TitleTier.Phrase);
  raise(found.exactIds, TitleTier.Exact);

  const positions = new Int32Array(count);
  const tiers = new Uint8Array(count);
  let kept = 0;
  for (const position of index.newestOrder) {
    const tier = tierAt[position] as number;
    if (tier === NOT_MATCHED) continue;
    positions[kept] = position;
    tiers[kept] = tier;
    kept += 1;
  }
  return {
    positions,
    tiers,
    scores: new Float64Array(count).fill(Number.NaN),
    foreign: found.ids.length - count,
    unscoredBelow: Number.POSITIVE_INFINITY,
  };
}

/**
 * Stores scores by id into `matches`: the scores of the matches at `slots` (places in
 * matches.positions), or of any match when `slots` is null. Ids outside the matches are ignored.
 */
export function storeScores(index: SearchIndex, matches: TextMatches, found: TextScores, slots: Int32Array | null): void {
  let slotOfPosition: (position: number) => number;
  if (slots === null) {
    const table = new Int32Array(index.size).fill(-1);
    matches.positions.forEach((position, slot) => {
      table[position] = slot;
    });
    slotOfPosition = (position) => table[position] as number;
  } else {
    const asked = new Map<number, number>();
    for (const slot of slots) asked.set(matches.positions[slot] as number, slot);
    slotOfPosition = (position) => asked.get(position) ?? -1;
  }
  for (let at = 0; at < found.ids.length; at += 1) {
    const position = indexOfId(index, found.ids[at] as number);
    const slot = position < 0 ? -1 : slotOfPosition(position);
    if (slot >= 0) matches.scores[slot] = found.scores[at] as number;
  }
}

/**
 * After scoring `slots` in full: a match the engine did not score (removed meanwhile) ranks last in its
 * tier rather than staying unknown.
 */
export function settleScores(matches: TextMatches, slots: Iterable<number>): void {
  for (const slot of slots) if (Number.isNaN(matches.scores[slot])) matches.scores[slot] = 0;
}
