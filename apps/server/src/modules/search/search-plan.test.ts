import { PcsxConfigSchema } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { ACME_CONFIG } from '../../db/seed/demo-tenants';
import { LruCache } from './lru';
import { rankMatches } from './rank-matches';
import { buildSearchIndex } from './search-index';
import { configuredFilterKeys, resolveFilters } from './search-plan';
import { TitleTier, type TextMatch } from './text-match';

const acme = PcsxConfigSchema.parse(ACME_CONFIG.pcsxConfig);

describe('filters a search applies (spec §2 aliases, contracts resolveAppliedFilters)', () => {
  it('lists the configured keys in page order', () => {
    expect(configuredFilterKeys(acme)).toEqual(['department', 'employment_type', 'seniority', 'remote', 'location']);
  });

  it('maps display names and labels back to keys and values, merging duplicates', () => {
    expect(resolveFilters({ job_type: ['Full time', 'CONTRACT'], employment_type: ['FULL_TIME'], team: ['Sales'], distance: ['25'] }, acme)).toEqual({
      applied: { employment_type: ['FULL_TIME', 'CONTRACT'], department: ['Sales'], distance: ['25'] },
      ignored: [],
    });
  });

  it('ignores keys the tenant does not configure and configured keys search cannot filter on', () => {
    const config = { ...acme, searchConfig: { ...acme.searchConfig, allFilters: [...acme.searchConfig.allFilters, 'shoe_size'] } };
    expect(resolveFilters({ colour: ['red'], shoe_size: ['9'], latlong_remote: ['x'], seniority: ['senior'] }, config)).toEqual({
      applied: { seniority: ['senior'] },
      ignored: ['filter_colour', 'filter_latlong_remote', 'filter_shoe_size'],
    });
  });
});

describe('text ranking', () => {
  const index = buildSearchIndex(
    'v',
    [1, 2, 3, 4].map((id) => ({ id, department: 'D', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: `2025-01-0${id}T00:00:00Z` })),
    [],
  );
  const idsOf = (ranked: Int32Array) => [...ranked].map((position) => index.ids[position]);
  const other = (id: number, score: number): TextMatch => ({ id, score, tier: TitleTier.Other });

  it('orders by score, then newest; drops ids outside the index', () => {
    expect(idsOf(rankMatches(index, [other(1, 2), other(2, 5), other(3, 2), other(99, 9)]))).toEqual([2, 3, 1]);
  });

  it('keeps the order of tiny scores (FTS5 floors common words’ IDF at 1e-6)', () => {
    expect(idsOf(rankMatches(index, [other(1, 2.1e-6), other(2, 2.7e-6), other(3, 1e-9)]))).toEqual([2, 1, 3]);
  });

  it('puts exact titles first, then titles holding the phrase, whatever the scores', () => {
    const matches: TextMatch[] = [other(1, 9), { id: 2, score: 0.1, tier: TitleTier.Phrase }, { id: 3, score: 0.01, tier: TitleTier.Exact }, other(4, 5)];
    expect(idsOf(rankMatches(index, matches))).toEqual([3, 2, 1, 4]);
  });

  it('treats zero, negative and missing scores as equal, newest first', () => {
    expect(idsOf(rankMatches(index, [other(1, 0), other(4, -3), other(2, Number.NaN)]))).toEqual([4, 2, 1]);
  });
});

describe('LRU cache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('keeps its entries within a size budget', () => {
    const cache = new LruCache<string>(100, 10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz');
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.bytes]).toEqual([undefined, 'yyyy', 'zzzz', 8]);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });
});
