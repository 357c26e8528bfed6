import { z } from 'zod';

/**
 * A change of a tenant's positions, as every process learns of it (issue 8 §2): which positions, how,
 * and the version it moved the tenant from and to. A process whose index is at `previousVersion` applies
 * the change to it (search-index.patch.ts, the job-detail cache); any other process finds its index
 * behind and loads it afresh, as the once-a-second version poll always did — the fallback for a missed
 * or out-of-order message.
 */
/**
 * Ids one message names at most: PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more, and 500 ids
 * of up to 9 digits stay under 5,500. (A patch of a few hundred ids costs the same as of one: one pass over
 * the index's arrays; search-index.patch.ts.)
 */
export const CHANGE_MAX_IDS = 500;

export const PositionsChangeSchema = z.object({
  tenantId: z.string().min(1).max(200),
  version: z.string().min(1).max(100),
  previousVersion: z.string().max(100),
  ids: z.array(z.number().int().positive()).max(CHANGE_MAX_IDS),
  /** A batch (position-batch.service.ts) changes many positions at once. */
  kind: z.enum(['created', 'updated', 'archived', 'unarchived', 'batch']),
  /**
   * Too many positions changed to name them (more than CHANGE_MAX_IDS; `ids` is then empty): a process
   * loads the tenant afresh instead of patching.
   */
  reload: z.boolean().optional(),
});
export type PositionsChange = z.infer<typeof PositionsChangeSchema>;

/** PostgreSQL NOTIFY channel the write path sends on and every process LISTENs to. */
export const POSITIONS_CHANNEL = 'positions_changed';

export type PositionsChangeListener = (change: PositionsChange) => void;

/** In-process fan-out: the write path (SQLite) or the LISTEN connection (PostgreSQL) publishes, caches subscribe. */
export interface PositionsChangeBus {
  publish(change: PositionsChange): void;
  subscribe(listener: PositionsChangeListener): () => void;
}

export function createPositionsChangeBus(onListenerError: (error: unknown) => void = () => undefined): PositionsChangeBus {
  const listeners = new Set<PositionsChangeListener>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          // One cache failing to apply a change must not keep it from the others; polling repairs it.
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
