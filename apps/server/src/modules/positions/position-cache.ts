import { LruCache } from '../../search-engine/lru';
import type { PositionRecord, PositionsRepository } from './positions.repository';
import type { PositionsVersionReader } from './positions-version';

/** Job pages people open are few and hot (the ones shared and searched); 8 MB holds ~2,000 of them. */
const CACHE_ENTRIES = 4000;
const CACHE_BYTES = 8 * 1024 * 1024;
/** A record's size in memory, roughly: its text twice over (UTF-16) plus the object and its places. */
const sizeOf = (record: PositionRecord): number => 2 * (record.description.length + record.title.length) + 512 + 256 * record.locations.length;

export interface PositionCache {
  /** Open or archived; null when the id is not the tenant's. */
  findById(tenantId: string, id: number): Promise<PositionRecord | null>;
}

/**
 * Positions by id for the job details, match, insights, overrides and the job page's HTML head (P2: a hot
 * read, two queries each time otherwise). Keys carry the tenant's positions version, so a change (an
 * archived job) makes old entries unreachable within the version reader's refresh interval. Unknown ids
 * are not kept: a scan of made-up ids must not push real jobs out. Concurrent misses share one read.
 */
export function createPositionCache(deps: { repository: Pick<PositionsRepository, 'findById'>; version: PositionsVersionReader }): PositionCache {
  const records = new LruCache<PositionRecord>(CACHE_ENTRIES, CACHE_BYTES, sizeOf);
  const reading = new Map<string, Promise<PositionRecord | null>>();
  return {
    async findById(tenantId, id) {
      const key = `${tenantId}\u0000${await deps.version.current(tenantId)}\u0000${id}`;
      const cached = records.get(key);
      if (cached) return cached;
      let pending = reading.get(key);
      if (!pending) {
        pending = deps.repository.findById(tenantId, id).finally(() => reading.delete(key));
        reading.set(key, pending);
        const record = await pending;
        if (record) records.set(key, record);
        return record;
      }
      return pending;
    },
  };
}
