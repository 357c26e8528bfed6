import { ConflictError } from '../../errors';
import { appendEvent, eventFields, writeTransition, type Transact } from './offer-transaction';
import type { OffersDeps } from './offers.types';

/**
 * Offers past their deadline become Expired on the server (issue 10: "moved to Expired by the server
 * (recorded as an evidence event), not only computed when read"). Each server process runs the sweep at start
 * and then every minute (kernel/periodic-task.ts); between sweeps the candidate's pages still compute expiry
 * from expires_at, so no one sees an open offer past its deadline.
 *
 * Each offer expires in its own `transact` (offer-transaction.ts): the row is locked (PostgreSQL FOR UPDATE;
 * SQLite is serial) and the write is conditional on Extended, so when several processes sweep at once exactly
 * one writes the status, the `expired` event and the webhook rows; the others read Expired and skip it.
 */
export interface OffersExpiry {
  /** Expires every offer past its deadline at the clock's now; returns how many this call moved. */
  expireDue(): Promise<number>;
}

export const EXPIRY_SWEEP_BATCH = 200;

export function createOffersExpiry(deps: Pick<OffersDeps, 'repository' | 'clock'>, transact: Transact, newId: () => string): OffersExpiry {
  return {
    async expireDue() {
      const now = deps.clock.now();
      let moved = 0;
      for (;;) {
        const due = await deps.repository.listPastDeadline(now.toISOString(), EXPIRY_SWEEP_BATCH);
        let movedInBatch = 0;
        for (const offer of due) {
          try {
            await transact(offer, offer.id, { type: 'expire' }, now, null, async (step) => {
              await writeTransition(step, now);
              await appendEvent(step.repository, eventFields(newId, step.offer, 'expired', step.result, now, null));
            });
            movedInBatch += 1;
          } catch (error) {
            // Another process (or the candidate's own request) wrote it first: it is expired, by them.
            if (!(error instanceof ConflictError)) throw error;
          }
        }
        moved += movedInBatch;
        if (due.length < EXPIRY_SWEEP_BATCH || movedInBatch === 0) return moved;
      }
    },
  };
}
