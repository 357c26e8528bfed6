import { describe, expect, it } from 'vitest';
import { rankedPage } from './rank-page';
import { buildSearchIndex } from './search-index';
import { parseIdList, parseScoreList, TitleTier, type TextScores } from './text-match';
import { buildTextMatches, settleScores, storeScores, type TextMatches } from './text-matches';

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
  /** id → engine score (every id listed matches). */
  scores: Record<number, number>;
  phrase?: number[];
  exact?: number[];
}

/** 'all': the scorer scores every slot asked; 'top': only the `take` best of them (ties included), as an engine top list. */
function setUp(size: number, fixture: Fixture, mode: 'all' | 'top' = 'all') {
  const index = indexOf(size);
  const ids = Object.keys(fixture.scores).map(Number);
  const matches = buildTextMatches(index, {
    ids: Int32Array.from([...ids, 9999]),
    phraseIds: Int32Array.from(fixture.phrase ?? []),
    exactIds: Int32Array.from(fixture.exact ?? []),
  });
  const asked: number[][] = [];
  /** Scores the way the service does: by id, from the "engine". */
  const score = async (slots: Int32Array, take: number) => {
    const slotIds = [...slots].map((slot) => index.ids[matches.positions[slot] as number] as number);
    asked.push(slotIds);
    let kept = slotIds;
    if (mode === 'top') {
      const sorted = [...slotIds].sort((a, b) => (fixture.scores[b] ?? 0) - (fixture.scores[a] ?? 0));
      const threshold = fixture.scores[sorted[Math.min(take, sorted.length) - 1] ?? 0] ?? 0;
      kept = slotIds.filter((id) => (fixture.scores[id] ?? 0) >= threshold);
      if (slots.length === matches.positions.length) matches.unscoredBelow = Math.min(matches.unscoredBelow, threshold);
    }
    const found: TextScores = { ids: Int32Array.from(kept), scores: Float64Array.from(kept, (id) => fixture.scores[id] ?? 0) };
    storeScores(index, matches, found, slots);
  };
  /** Every match is a result unless `results` narrows them (filters). */
  async function page(start: number, pageSize: number, results?: number[]): Promise<number[]> {
    const kept = results ? new Set(results) : null;
    const slots = Int32Array.from([...matches.positions.keys()].filter((slot) => !kept || kept.has(index.ids[matches.positions[slot] as number] as number)));
    const picked = await rankedPage(matches, slots, start, pageSize, score);
    return picked.map((slot) => index.ids[matches.positions[slot] as number] as number);
  }
  return { index, matches, page, asked };
}

/** The reference order: tier, then score, then newest (higher id) — everything scored and sorted. */
function referenceOrder(fixture: Fixture, results: number[]): number[] {
  const tier = (id: number) => (fixture.exact?.includes(id) ? 2 : fixture.phrase?.includes(id) ? 1 : 0);
  return [...results].sort((a, b) => tier(b) - tier(a) || (fixture.scores[b] ?? 0) - (fixture.scores[a] ?? 0) || b - a);
}

describe('text matches of a tenant', () => {
  it('keeps the tenant’s ids only, newest first, each with its best title tier', () => {
    const index = indexOf(5);
    const matches: TextMatches = buildTextMatches(index, {
      ids: Int32Array.from([2, 4, 5, 77]),
      phraseIds: Int32Array.from([4, 5, 3]),
      exactIds: Int32Array.from([5]),
    });
    expect([...matches.positions].map((position) => index.ids[position])).toEqual([5, 4, 2]);
    expect([...matches.tiers]).toEqual([TitleTier.Exact, TitleTier.Phrase, TitleTier.Other]);
    expect([...matches.scores].every(Number.isNaN)).toBe(true);
  });
});

describe('ranked page', () => {
  it('orders by score, then newest first, within a tier', async () => {
    const { page } = setUp(4, { scores: { 1: 2, 2: 5, 3: 2 } });
    expect(await page(0, 10)).toEqual([2, 3, 1]);
  });

  it('keeps the order of tiny scores (FTS5 floors common words’ IDF at 1e-6)', async () => {
    const { page } = setUp(4, { scores: { 1: 2.1e-6, 2: 2.7e-6, 3: 1e-9 } });
    expect(await page(0, 10)).toEqual([2, 1, 3]);
  });

  it('puts exact titles first, then titles holding the phrase, whatever the scores', async () => {
    const { page } = setUp(4, { scores: { 1: 9, 2: 0.1, 3: 0.01, 4: 5 }, phrase: [2, 3], exact: [3] });
    expect(await page(0, 10)).toEqual([3, 2, 1, 4]);
  });

  it('treats zero, negative and missing scores as equal, newest first', async () => {
    const index = indexOf(4);
    const matches = buildTextMatches(index, { ids: Int32Array.from([1, 2, 4]), phraseIds: new Int32Array(0), exactIds: new Int32Array(0) });
    storeScores(index, matches, parseScoreList('1:0,4:-3'), null);
    const slots = Int32Array.from(matches.positions.keys());
    settleScores(matches, matches.positions.keys());
    const picked = await rankedPage(matches, slots, 0, 10, () => Promise.reject(new Error('everything is scored')));
    expect(picked.map((slot) => index.ids[matches.positions[slot] as number])).toEqual([4, 2, 1]);
  });

  it('scores only the tier the page falls in, and each match once', async () => {
    const scores: Record<number, number> = {};
    for (let id = 1; id <= 40; id += 1) scores[id] = (id * 7) % 11;
    const phrase = [3, 9, 12, 30];
    const { page, asked } = setUp(40, { scores, phrase });
    expect(await page(0, 3)).toEqual(referenceOrder({ scores, phrase }, phrase).slice(0, 3));
    expect(asked).toEqual([expect.arrayContaining(phrase)]);
    expect(asked[0]).toHaveLength(phrase.length);
    // The next page spans both tiers: only the other tier is scored now.
    expect(await page(3, 3)).toEqual(referenceOrder({ scores, phrase }, Object.keys(scores).map(Number)).slice(3, 6));
    expect(asked[1]).toHaveLength(40 - phrase.length);
    expect(await page(6, 3)).toEqual(referenceOrder({ scores, phrase }, Object.keys(scores).map(Number)).slice(6, 9));
    expect(asked).toHaveLength(2);
  });

  it('needs only the engine’s top list for a page, and asks again for a later one', async () => {
    const scores: Record<number, number> = {};
    for (let id = 1; id <= 60; id += 1) scores[id] = (id * 13) % 7;
    const { page, asked, matches } = setUp(60, { scores }, 'top');
    const expected = referenceOrder({ scores }, Object.keys(scores).map(Number));
    expect(await page(0, 10)).toEqual(expected.slice(0, 10));
    expect(asked).toHaveLength(1);
    const known = [...matches.scores].filter((score) => !Number.isNaN(score)).length;
    expect(known).toBeGreaterThanOrEqual(10);
    expect(known).toBeLessThan(60);
    expect(await page(0, 10)).toEqual(expected.slice(0, 10));
    expect(asked).toHaveLength(1);
    // Deeper pages need scores beyond the top list: the unknown ones are asked for.
    expect(await page(20, 10)).toEqual(expected.slice(20, 30));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toHaveLength(60 - known);
  });

  it('gives every page of every filtered result set exactly the reference order', async () => {
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
      const { page } = setUp(size, { scores, phrase, exact }, round % 2 === 0 ? 'all' : 'top');
      const expected = referenceOrder({ scores, phrase, exact }, results);
      const pageSize = 1 + Math.floor(next() * 12);
      const seen: number[] = [];
      for (let start = 0; start < results.length; start += pageSize) seen.push(...(await page(start, pageSize, results)));
      expect(seen).toEqual(expected);
      expect(await page(results.length, pageSize, results)).toEqual([]);
    }
  });
});

describe('engine answers aggregated into strings', () => {
  it('parses id lists', () => {
    expect([...parseIdList('12,7,300')]).toEqual([12, 7, 300]);
    expect([...parseIdList(null)]).toEqual([]);
    expect([...parseIdList('')]).toEqual([]);
    expect(() => parseIdList('1,x')).toThrow();
  });

  it('parses id:score lists, keeping tiny scores and zeroing odd ones', () => {
    const { ids, scores } = parseScoreList('3:0.5,4:2.1e-06,5:-1,6:NaN');
    expect([...ids]).toEqual([3, 4, 5, 6]);
    expect([...scores]).toEqual([0.5, 2.1e-6, 0, 0]);
  });
});
