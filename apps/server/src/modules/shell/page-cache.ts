/**
 * Rendered HTML shared by anonymous visitors (issue 8 §3: "anonymous visitors and search engines see the
 * same job page"). A page is stored in parts around its per-request pieces (the CSRF token), which are
 * spliced in for each visitor; the key carries everything else the markup depends on (page-cache-key.ts).
 * Bounded by bytes, least recently used first out, and by age: a page shows relative dates ("3 days ago").
 */
export interface CachedPage {
  statusCode: number;
  /**
   * The page around its per-request pieces: parts[0] + piece + parts[1] + piece + …, already UTF-8 (a
   * cached page is sent thousands of times a second: encoding it each time was a measurable share).
   */
  parts: readonly Buffer[];
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  stats(): PageCacheStats;
}

interface Entry {
  page: CachedPage;
  bytes: number;
  storedAt: number;
}

/** Enough for a few hundred job pages (~60–100 KB each) without weighing on QUALITY P10's RSS budget. */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** "Posted 3 days ago" changes once a day; a minute keeps a cached page within a minute of a fresh one. */
export const DEFAULT_PAGE_CACHE_TTL_MS = 60_000;

export function createPageCache(options: { maxBytes?: number; ttlMs?: number; now?: () => number } = {}): PageCache {
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES;
  const ttlMs = options.ttlMs ?? DEFAULT_PAGE_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt >= ttlMs) {
        if (entry) remove(key, entry);
        misses += 1;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry.page;
    },
    set(key, page) {
      const size = page.parts.reduce((sum, part) => sum + part.length, key.length);
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      // A page larger than the whole cache is not worth evicting everything for.
      if (size > maxBytes) return;
      entries.set(key, { page, bytes: size, storedAt: now() });
      bytes += size;
      for (const [oldestKey, oldest] of entries) {
        if (bytes <= maxBytes) break;
        remove(oldestKey, oldest);
      }
    },
    stats() {
      return { entries: entries.size, bytes, hits, misses };
    },
  };
}
