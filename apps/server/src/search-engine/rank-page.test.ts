import { describe, expect, it } from 'vitest';
import { rankedPage } from './rank-page';
import { buildSearchIndex } from './search-index';
import { TitleTier } from './postings-matcher';
import { buildTextMatches, type TextMatches } from './text-matches';

/** Ids 1..n posted on consecutive days: a higher id is newer. */
function indexOf(size: number) {
  return buildSearchIndex(
    'v',
    Array.from({ length: size }, (_, at) => ({
      id: at + 1,
      department: 'D',
      employmentType: 'FULL_TIME',
      seniority: 'mid',
      isRemote: 0,
      postedAt: new Date(Date.UTC(2025, 0, 1 + at)).toISOString(),
    })),
    [],
  );
}

interface Fixture {
  /** id → score (every id listed matches). */
  scores: Record<number, number>;
  phrase?: number[];
  exact?: number[];
}

/** Matches with their scores as the matcher gives them (ascending ids, plus one of another tenant). */
function setUp(size: number, fixture: Fixture) {
  const index = indexOf(size);
  const ids = Object.keys(fixture.scores).map(Number).sort((a, b) => a - b);
  const matches = buildTextMatches(index, {
    ids: Int32Array.from([...ids, 9999]),
    scores: Float64Array.from([...ids.map((id) => fixture.scores[id] ?? 0), 1]),
    phraseIds: Int32Array.from(fixture.phrase ?? []),
    exactIds: Int32Array.from(fixture.exact ?? []),
  });
  /** Every match is a result unless `results` narrows them (filters). */
  function page(start: number, pageSize: number, results?: number[]): number[] {
    const kept = results ? new Set(results) : null;
    const slots = Int32Array.from([...matches.positions.keys()].filter((slot) => !kept || kept.has(index.ids[matches.positions[slot] as number] as number)));
    const picked = rankedPage(matches, slots, start, pageSize);
    return picked.map((slot) => index.ids[matches.positions[slot] as number] as number);
  }
  return { index, matches, page };
}

/** The reference order: tier, then score, then newest (higher id) — everything scored and sorted. */
function referenceOrder(fixture: Fixture, results: number[]): number[] {
  const tier = (id: number) => (fixture.exact?.includes(id) ? 2 : fixture.phrase?.includes(id) ? 1 : 0);
  return [...results].sort((a, b) => tier(b) - tier(a) || (fixture.scores[b] ?? 0) - (fixture.scores[a] ?? 0) || b - a);
}

describe('text matches of a tenant', () => {
  it('keeps the tenant’s ids only, newest first, each with its best title tier and its score', () => {
    const index = indexOf(5);
    const matches: TextMatches = buildTextMatches(index, {
      ids: Int32Array.from([2, 4, 5, 77]),
      scores: Float64Array.from([1.5, 2.5, 3.5, 9]),
      phraseIds: Int32Array.from([4, 5, 3]),
      exactIds: Int32Array.from([5]),
    });
    expect([...matches.positions].map((position) => index.ids[position])).toEqual([5, 4, 2]);
    expect([...matches.tiers]).toEqual([TitleTier.Exact, TitleTier.Phrase, TitleTier.Other]);
    expect([...matches.scores]).toEqual([3.5, 2.5, 1.5]);
    expect(matches.foreign).toBe(1);
  });
});

describe('ranked page', () => {
  it('orders by score, then newest first, within a tier', () => {
    const { page } = setUp(4, { scores: { 1: 2, 2: 5, 3: 2 } });
    expect(page(0, 10)).toEqual([2, 3, 1]);
  });

  it('keeps the order of tiny scores', () => {
    const { page } = setUp(4, { scores: { 1: 2.1e-6, 2: 2.7e-6, 3: 1e-9 } });
    expect(page(0, 10)).toEqual([2, 1, 3]);
  });

  it('puts exact titles first, then titles holding the phrase, whatever the scores', () => {
    const { page } = setUp(4, { scores: { 1: 9, 2: 0.1, 3: 0.01, 4: 5 }, phrase: [2, 3], exact: [3] });
    expect(page(0, 10)).toEqual([3, 2, 1, 4]);
  });

  it('treats zero, negative and odd scores as equal, newest first', () => {
    const { page } = setUp(4, { scores: { 1: 0, 2: Number.NaN, 4: -3 } });
    expect(page(0, 10)).toEqual([4, 2, 1]);
  });

  it('gives every page of every filtered result set exactly the reference order', () => {
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 30; round += 1) {
      const size = 20 + Math.floor(next() * 200);
      const scores: Record<number, number> = {};
      for (let id = 1; id <= size; id += 1) if (next() < 0.7) scores[id] = Math.floor(next() * 6) / 2;
      const ids = Object.keys(scores).map(Number);
      const phrase = ids.filter(() => next() < 0.3);
      const exact = phrase.filter(() => next() < 0.3);
      const results = ids.filter(() => next() < 0.6);
      const { page } = setUp(size, { scores, phrase, exact });
      const expected = referenceOrder({ scores, phrase, exact }, results);
      const pageSize = 1 + Math.floor(next() * 12);
      const seen: number[] = [];
      for (let start = 0; start < results.length; start += pageSize) seen.push(...page(start, pageSize, results));
      expect(seen).toEqual(expected);
      expect(page(results.length, pageSize, results)).toEqual([]);
    }
  });
});
