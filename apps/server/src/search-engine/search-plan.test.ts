import { PcsxConfigSchema } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { ACME_CONFIG } from '../startup/seed/demo-tenants';
import { LruCache } from './lru';
import { configuredFilterKeys, resolveFilters } from './search-plan';

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
