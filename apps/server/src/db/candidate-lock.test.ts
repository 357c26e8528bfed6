import { JOB_CART_MAX_ITEMS, JobCartUpdateBodySchema, SAVED_POSITIONS_MAX } from '@careers/contracts';
import { beforeAll, expect, it } from 'vitest';
import { GRACE, seedForTests } from '../test/app';
import { forEachDatabase } from '../test/databases';
import { createJobCartRepository } from '../modules/job-cart/job-cart.repository';
import { createJobCartService, JobCartMessages } from '../modules/job-cart/job-cart.service';
import { createPositionsRepository } from '../modules/positions/positions.repository';
import { createSavedJobsRepository } from '../modules/saved-jobs/saved-jobs.repository';
import { createSavedJobsService, SavedJobsMessages } from '../modules/saved-jobs/saved-jobs.service';
import { ACME, positionIdsForCandidateSuites } from '../modules/search/search.fixtures';

const RACERS = 10;
const AT = '2025-03-01T00:00:00.000Z';

/**
 * Holds each racing transaction just after it has counted the candidate's rows, until all of them have
 * counted or `patienceMs` has passed. Without a lock all of them count "room for one more" before any
 * inserts (PostgreSQL's read committed); with it they arrive one at a time and each waits out its patience.
 */
function afterCounting(parties: number, patienceMs = 100) {
  let arrived = 0;
  let releaseAll = () => {};
  const everyone = new Promise<void>((resolve) => (releaseAll = resolve));
  return async () => {
    arrived += 1;
    if (arrived >= parties) releaseAll();
    await Promise.race([everyone, new Promise((resolve) => setTimeout(resolve, patienceMs))]);
  };
}

/** The caps are counted, then inserted: a candidate's racing writes must still stop at the cap (two tabs, a double click). */
forEachDatabase('candidate caps under racing writes', (context) => {
  let grace: { tenantId: string; candidateId: string };
  let openIds: number[];
  const clock = { now: () => new Date(AT) };

  beforeAll(async () => {
    await seedForTests(context(), SAVED_POSITIONS_MAX + 40);
    const row = await context().database.db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', GRACE.email).executeTakeFirstOrThrow();
    grace = { tenantId: row.tenantId, candidateId: row.id };
    ({ openIds } = await positionIdsForCandidateSuites(context().database));
    expect(openIds.length).toBeGreaterThanOrEqual(SAVED_POSITIONS_MAX + RACERS);
    expect((await context().database.db.selectFrom('tenants').select('domain').where('id', '=', grace.tenantId).executeTakeFirstOrThrow()).domain).toBe(ACME);
  });

  /** The repository with `method` held, once it has read, until the racers have all read (or waited out). */
  function heldAfter<R extends object>(repository: R, method: keyof R & string, counted: () => Promise<void>): R {
    const read = repository[method] as (...args: unknown[]) => Promise<unknown>;
    return {
      ...repository,
      [method]: async (...args: unknown[]) => {
        const result = await read(...args);
        await counted();
        return result;
      },
    };
  }

  /** Each cap: its table, its size and words, and its service with the counting read held. */
  const caps = [
    {
      name: 'cart additions',
      table: 'jobCartItems',
      max: JOB_CART_MAX_ITEMS,
      full: JobCartMessages.full,
      adder(counted: () => Promise<void>) {
        const { db, dialect } = context().database;
        const service = createJobCartService({
          repository: createJobCartRepository(db, dialect),
          transaction: (work) => db.transaction().execute((trx) => work(heldAfter(createJobCartRepository(trx, dialect), 'list', counted))),
          clock,
        });
        return (id: number) => service.update(grace.tenantId, grace.candidateId, JobCartUpdateBodySchema.parse({ pids: [String(id)], operation: 'add' }));
      },
    },
    {
      name: 'saves',
      table: 'savedPositions',
      max: SAVED_POSITIONS_MAX,
      full: SavedJobsMessages.full,
      adder(counted: () => Promise<void>) {
        const { db, dialect } = context().database;
        const service = createSavedJobsService({
          repositories: { savedJobs: createSavedJobsRepository(db, dialect), positions: createPositionsRepository(db) },
          transaction: (work) =>
            db.transaction().execute((trx) =>
              work({ savedJobs: heldAfter(createSavedJobsRepository(trx, dialect), 'count', counted), positions: createPositionsRepository(trx) }),
            ),
          clock,
        });
        return (id: number) => service.setSaved(grace.tenantId, grace.candidateId, id, 'save');
      },
    },
  ] as const;

  it.each(caps)(`lets one of ${RACERS} racing $name take the last place; the rest are refused as full`, async (cap) => {
    const { db } = context().database;
    await db.deleteFrom(cap.table).where('candidateId', '=', grace.candidateId).execute();
    const filled = openIds.slice(0, cap.max - 1);
    await db.insertInto(cap.table).values(filled.map((positionId) => ({ ...grace, positionId, createdAt: AT }))).execute();
    const add: (id: number) => Promise<unknown> = cap.adder(afterCounting(RACERS));
    const outcomes = await Promise.allSettled(openIds.slice(cap.max - 1, cap.max - 1 + RACERS).map((id) => add(id)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain(cap.full);
    expect(await db.selectFrom(cap.table).select('positionId').where('candidateId', '=', grace.candidateId).execute()).toHaveLength(cap.max);
  });
});
