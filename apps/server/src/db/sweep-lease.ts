import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DatabaseSchema } from './schema';

/**
 * A lease on a background sweep (issue 12, left over: the job-alert sweep ran in every process each minute,
 * all doing the same work). One row per sweep name in sweep_leases (migration 0018):
 *
 * - taken by one atomic upsert that writes the row only when there is none, it has expired, or it is already
 *   ours (`on conflict … do update … where`), so of several processes ticking at once exactly one gets it —
 *   the same statement on SQLite and PostgreSQL;
 * - renewed every ttl/3 while the work runs (a sweep longer than the ttl keeps it);
 * - deleted (only if still ours) when the work ends, so the next tick anywhere may take it at once;
 * - a crashed owner's row expires after the ttl and the next process to tick takes it over.
 *
 * The lease keeps the work from being done N times; it is not what makes it correct: the work's own writes
 * still claim in the database (e.g. the job alert's daily claim), so a lease lost mid-run (a pause longer
 * than the ttl) costs repeated work, never a second alert.
 */
export interface SweepLease {
  /**
   * Runs `work` if this owner can take the lease `name`; otherwise resolves to `{ ran: false }` at once.
   * Also refuses when this same lease object is already running its work (an in-process guard).
   */
  run<T>(work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false; reason: 'running' | 'held' }>;
  /** This process's owner id for the lease (random per SweepLease). */
  readonly owner: string;
}

export interface SweepLeaseOptions {
  name: string;
  clock: Clock;
  /** How long the lease holds without renewal. */
  ttlMs: number;
  /** Called when a renewal fails or finds the lease taken by another owner (the work goes on). */
  onRenewFailure?: (error: unknown) => void;
}

/** Takes the lease for `owner` until `expiresAt`: true if the row is now ours. */
export async function acquireLease(db: Kysely<DatabaseSchema>, name: string, owner: string, now: Date, ttlMs: number): Promise<boolean> {
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  const row = await db
    .insertInto('sweepLeases')
    .values({ name, owner, expiresAt, acquiredAt: at })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ owner, expiresAt, acquiredAt: at })
        .where((eb) => eb.or([eb('sweepLeases.expiresAt', '<=', at), eb('sweepLeases.owner', '=', owner)])),
    )
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

/** Extends our lease; false if it is no longer ours. */
export async function renewLease(db: Kysely<DatabaseSchema>, name: string, owner: string, now: Date, ttlMs: number): Promise<boolean> {
  const result = await db
    .updateTable('sweepLeases')
    .set({ expiresAt: new Date(now.getTime() + ttlMs).toISOString() })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Kysely<DatabaseSchema>, name: string, owner: string): Promise<void> {
  await db.deleteFrom('sweepLeases').where('name', '=', name).where('owner', '=', owner).execute();
}

export function createSweepLease(db: Kysely<DatabaseSchema>, options: SweepLeaseOptions): SweepLease {
  const { name, clock, ttlMs } = options;
  const owner = randomUUID();
  let running = false;
  return {
    owner,
    async run(work) {
      if (running) return { ran: false, reason: 'running' };
      running = true;
      try {
        if (!(await acquireLease(db, name, owner, clock.now(), ttlMs))) return { ran: false, reason: 'held' };
        let renewing: Promise<void> = Promise.resolve();
        const renewal = setInterval(
          () => {
            renewing = renewLease(db, name, owner, clock.now(), ttlMs).then(
              (kept) => {
                if (!kept) options.onRenewFailure?.(new Error(`lease ${name} was taken over`));
              },
              (error: unknown) => options.onRenewFailure?.(error),
            );
          },
          Math.max(1, Math.floor(ttlMs / 3)),
        );
        renewal.unref();
        try {
          return { ran: true, value: await work() };
        } finally {
          clearInterval(renewal);
          // A renewal in flight lands before the release, not after it (it would find no row).
          await renewing;
          await releaseLease(db, name, owner);
        }
      } finally {
        running = false;
      }
    },
  };
}
