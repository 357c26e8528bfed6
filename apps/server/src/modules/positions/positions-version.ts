import type { Clock } from '../../clock';

/**
 * How stale a process's view of a tenant's positions may be: a change (an archived job) reaches every
 * process's searches and job details within this time — Elasticsearch's default refresh interval, for the
 * same reason: reading the version on every request would cost more than answering it from memory.
 */
export const POSITIONS_REFRESH_MS = 1000;

/**
 * The tenant's positions version (search_index_versions: a fresh value in the same transaction as every
 * change of its positions), read from the database at most once per refresh interval per tenant.
 */
export interface PositionsVersionReader {
  current(tenantId: string): Promise<string>;
  /** A version learned from a change message (issue 8 §2): current() answers it without a read. */
  learn(tenantId: string, version: string): void;
}

export function createPositionsVersionReader(deps: {
  readVersion: (tenantId: string) => Promise<string>;
  clock: Clock;
  refreshMs?: number;
}): PositionsVersionReader {
  const refreshMs = deps.refreshMs ?? POSITIONS_REFRESH_MS;
  const known = new Map<string, { version: string; readAt: number }>();
  return {
    async current(tenantId) {
      const now = deps.clock.now().getTime();
      const entry = known.get(tenantId);
      // A clock moved backwards (tests, NTP) reads again rather than trusting an entry from "the future".
      if (entry && now >= entry.readAt && now - entry.readAt < refreshMs) return entry.version;
      const version = await deps.readVersion(tenantId);
      // A version learned while this read was out is newer than what the read saw.
      const learned = known.get(tenantId);
      if (learned !== entry && learned !== undefined) return learned.version;
      known.set(tenantId, { version, readAt: now });
      return version;
    },
    learn(tenantId, version) {
      known.set(tenantId, { version, readAt: deps.clock.now().getTime() });
    },
  };
}
