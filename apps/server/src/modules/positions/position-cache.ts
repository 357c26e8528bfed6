import { LruCache } from '../../search-engine/lru';
import type { PositionsChange } from './positions-changes';
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
  /**
   * Issue 8 §2: a change of the tenant's positions drops only the changed positions' entries when the
   * cache is at the change's previous version; otherwise the whole tenant's, when its version is next read.
   */
  applyChange(change: PositionsChange): void;
}

interface TenantState {
  /** The positions version the cached entries are current for. */
  version: string;
  /** Part of every key: a new generation makes the tenant's old entries unreachable (they age out). */
  generation: number;
  /** Changes applied: a read that began before one must not store what it read. */
  changes: number;
}

/**
 * Positions by id for the job details, match, insights, overrides and the job page's HTML head (P2: a hot
 * read, two queries each time otherwise). A change message drops the changed ids; a version change seen
 * any other way (the version reader's poll: a missed message, another writer) drops the tenant. Unknown
 * ids are not kept: a scan of made-up ids must not push real jobs out. Concurrent misses share one read.
 */
export function createPositionCache(deps: { repository: Pick<PositionsRepository, 'findById'>; version: PositionsVersionReader }): PositionCache {
  const records = new LruCache<PositionRecord>(CACHE_ENTRIES, CACHE_BYTES, sizeOf);
  const reading = new Map<string, Promise<PositionRecord | null>>();
  const tenants = new Map<string, TenantState>();
  let generations = 0;

  const keyOf = (tenantId: string, state: TenantState, id: number) => `${tenantId}\u0000${state.generation}\u0000${id}`;

  function stateAt(tenantId: string, version: string): TenantState {
    let state = tenants.get(tenantId);
    if (state === undefined || state.version !== version) {
      generations += 1;
      state = { version, generation: generations, changes: 0 };
      tenants.set(tenantId, state);
    }
    return state;
  }

  return {
    async findById(tenantId, id) {
      const state = stateAt(tenantId, await deps.version.current(tenantId));
      const key = keyOf(tenantId, state, id);
      const cached = records.get(key);
      if (cached) return cached;
      let pending = reading.get(key);
      if (!pending) {
        const changes = state.changes;
        pending = deps.repository.findById(tenantId, id).finally(() => {
          if (reading.get(key) === pending) reading.delete(key);
        });
        reading.set(key, pending);
        const record = await pending;
        if (record && state.changes === changes && tenants.get(tenantId) === state) records.set(key, record);
        return record;
      }
      return pending;
    },

    applyChange(change) {
      const state = tenants.get(change.tenantId);
      if (state === undefined || state.version !== change.previousVersion) return;
      if (change.reload === true) {
        // Too many ids to name: the tenant's entries go (a new generation at the next read).
        tenants.delete(change.tenantId);
        deps.version.learn(change.tenantId, change.version);
        return;
      }
      state.version = change.version;
      state.changes += 1;
      for (const id of change.ids) {
        const key = keyOf(change.tenantId, state, id);
        records.delete(key);
        reading.delete(key);
      }
      deps.version.learn(change.tenantId, change.version);
    },
  };
}
