import { expect, it } from 'vitest';
import { systemClock } from '../clock';
import { forEachDatabase } from '../test/databases';
import { acquireLease, createSweepLease, releaseLease, renewLease } from './sweep-lease';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 12 (left over): the lease row that lets one process at a time own a sweep (migration 0018). The
 * job-alert sweep's own tests (modules/saved-searches/job-alerts.test.ts) race two sweepers and take over a
 * crashed owner's lease; these test the lease itself, with the real clock.
 */
forEachDatabase('sweep lease (issue 12)', (context) => {
  it('is taken by exactly one of many owners at once', async () => {
    const { db } = context().database;
    const at = new Date();
    const taken = await Promise.all(Array.from({ length: 8 }, (_, index) => acquireLease(db, 'race', `owner-${index}`, at, 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const rows = await db.selectFrom('sweepLeases').selectAll().where('name', '=', 'race').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.owner).toBe(`owner-${taken.indexOf(true)}`);
  });

  it('is renewed and released only by its owner; it frees itself at its expiry', async () => {
    const { db } = context().database;
    const at = new Date('2030-01-01T00:00:00.000Z');
    const later = (ms: number) => new Date(at.getTime() + ms);
    expect(await acquireLease(db, 'owned', 'holder', at, 60_000)).toBe(true);
    expect(await acquireLease(db, 'owned', 'holder', later(1000), 60_000)).toBe(true); // its own again: renewed
    expect(await renewLease(db, 'owned', 'someone-else', later(2000), 60_000)).toBe(false);
    await releaseLease(db, 'owned', 'someone-else');
    expect(await acquireLease(db, 'owned', 'someone-else', later(60_000), 60_000)).toBe(false);
    expect(await renewLease(db, 'owned', 'holder', later(59_000), 60_000)).toBe(true);
    expect(await acquireLease(db, 'owned', 'someone-else', later(61_000), 60_000)).toBe(false); // renewed past it
    expect(await acquireLease(db, 'owned', 'someone-else', later(119_000), 60_000)).toBe(true); // expired: taken over
    expect(await renewLease(db, 'owned', 'holder', later(119_500), 60_000)).toBe(false); // the old owner lost it
    await releaseLease(db, 'owned', 'someone-else');
    expect(await db.selectFrom('sweepLeases').selectAll().where('name', '=', 'owned').execute()).toEqual([]);
  });

  it('a run longer than the ttl keeps its lease by renewing it; the next owner gets it once the run ends', async () => {
    const { db } = context().database;
    const failures: unknown[] = [];
    const first = createSweepLease(db, { name: 'long', clock: systemClock, ttlMs: 600, onRenewFailure: (error) => failures.push(error) });
    const second = createSweepLease(db, { name: 'long', clock: systemClock, ttlMs: 600 });
    let refusedDuring: unknown[] = [];
    const outcome = await first.run(async () => {
      // 1.5 s, two and a half ttls: without renewal the second would take it over after the first 600 ms.
      const attempts: unknown[] = [];
      for (let step = 0; step < 6; step += 1) {
        await sleep(250);
        attempts.push(await second.run(() => Promise.resolve('second ran')));
      }
      refusedDuring = attempts;
      return 'first ran';
    });
    expect(outcome).toEqual({ ran: true, value: 'first ran' });
    expect(refusedDuring).toEqual(Array.from({ length: 6 }, () => ({ ran: false, reason: 'held' })));
    expect(failures).toEqual([]);
    expect(await second.run(() => Promise.resolve('second ran'))).toEqual({ ran: true, value: 'second ran' });
  });

  it('refuses a second run of the same lease while its first is running, and releases the lease when the work throws', async () => {
    const { db } = context().database;
    const lease = createSweepLease(db, { name: 'guard', clock: systemClock, ttlMs: 60_000 });
    let finish = () => {};
    const running = lease.run(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    await sleep(50);
    expect(await lease.run(() => Promise.resolve('again'))).toEqual({ ran: false, reason: 'running' });
    finish();
    expect(await running).toEqual({ ran: true, value: 'done' });
    await expect(lease.run(() => Promise.reject(new Error('sweep failed')))).rejects.toThrow('sweep failed');
    expect(await db.selectFrom('sweepLeases').selectAll().where('name', '=', 'guard').execute()).toEqual([]);
    expect(await createSweepLease(db, { name: 'guard', clock: systemClock, ttlMs: 60_000 }).run(() => Promise.resolve(1))).toEqual({ ran: true, value: 1 });
  });
});
