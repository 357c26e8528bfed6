import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';

const page = (text: string, statusCode = 200) => ({ statusCode, parts: [Buffer.from(text), Buffer.from('!')] });

describe('page cache', () => {
  it('answers what was stored, and counts hits and misses', () => {
    const cache = createPageCache();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', page('<p>a</p>', 404));
    expect(cache.get('a')?.statusCode).toBe(404);
    expect(Buffer.concat(cache.get('a')?.parts ?? []).toString()).toBe('<p>a</p>!');
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 2, misses: 1 });
  });

  it('stays within its bytes, evicting the least recently used first', () => {
    // Each entry: key (1 byte) + 99 + 1 bytes of page = 101 bytes; three fit in 310.
    const cache = createPageCache({ maxBytes: 310 });
    for (const key of ['a', 'b', 'c']) cache.set(key, page(key.repeat(99)));
    cache.get('a');
    cache.set('d', page('d'.repeat(99)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(310);
  });

  it('does not keep a page larger than the whole cache (nor evict the rest for it)', () => {
    const cache = createPageCache({ maxBytes: 100 });
    cache.set('small', page('s'));
    cache.set('huge', page('h'.repeat(500)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
  });

  it('replaces an entry stored again under the same key, counting its bytes once', () => {
    const cache = createPageCache();
    cache.set('a', page('x'.repeat(10)));
    cache.set('a', page('y'.repeat(20)));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 1 + 20 + 1 });
  });

  it('drops a page older than its time to live (relative dates in the markup)', () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    cache.set('a', page('a'));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
