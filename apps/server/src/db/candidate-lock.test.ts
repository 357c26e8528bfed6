import { JOB_CART_MAX_ITEMS, JobCartUpdateBodySchema, SAVED_POSITIONS_MAX } from '@careers/contracts';
import { beforeAll, expect, it } from 'vitest';
import { GRACE, seedForTests } from '../test/app';
import { forEachDatabase } from '../test/databases';
import { createJobCartRepository, type JobCartRepository } from '../modules/job-cart/job-cart.repository';
import { createJobCartService, JobCartMessages } from '../modules/job-cart/job-cart.service';
import { createPositionsRepository } from '../modules/positions/positions.repository';
import { createSavedJobsRepository, type SavedJobsRepository } from '../modules/saved-jobs/saved-jobs.repository';
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

  it(`lets one of ${RACERS} racing cart additions take the last place; the rest are refused as full`, async () => {
    const { db, dialect } = context().database;
    await db.deleteFrom('jobCartItems').where('candidateId', '=', grace.candidateId).execute();
    const filled = openIds.slice(0, JOB_CART_MAX_ITEMS - 1);
    await db.insertInto('jobCartItems').values(filled.map((positionId) => ({ ...grace, positionId, createdAt: AT }))).execute();
    const counted = afterCounting(RACERS);
    const held = (repository: JobCartRepository): JobCartRepository => ({
      ...repository,
      list: async (...args) => {
        const items = await repository.list(...args);
        await counted();
        return items;
      },
    });
    const service = createJobCartService({
      repository: createJobCartRepository(db, dialect),
      transaction: (work) => db.transaction().execute((trx) => work(held(createJobCartRepository(trx, dialect)))),
      clock,
    });
    const racing = openIds.slice(JOB_CART_MAX_ITEMS - 1, JOB_CART_MAX_ITEMS - 1 + RACERS);
    const outcomes = await Promise.allSettled(
      racing.map((id) => service.update(grace.tenantId, grace.candidateId, JobCartUpdateBodySchema.parse({ pids: [String(id)], operation: 'add' }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain(JobCartMessages.full);
    const rows = await db.selectFrom('jobCartItems').select('positionId').where('candidateId', '=', grace.candidateId).execute();
    expect(rows).toHaveLength(JOB_CART_MAX_ITEMS);
  });

  it(`lets one of ${RACERS} racing saves take the last place; the rest are refused as full`, async () => {
    const { db, dialect } = context().database;
    await db.deleteFrom('savedPositions').where('candidateId', '=', grace.candidateId).execute();
    const filled = openIds.slice(0, SAVED_POSITIONS_MAX - 1);
    await db.insertInto('savedPositions').values(filled.map((positionId) => ({ ...grace, positionId, createdAt: AT }))).execute();
    const counted = afterCounting(RACERS);
    const held = (repository: SavedJobsRepository): SavedJobsRepository => ({
      ...repository,
      count: async (...args) => {
        const count = await repository.count(...args);
        await counted();
        return count;
      },
    });
    const service = createSavedJobsService({
      repositories: { savedJobs: createSavedJobsRepository(db, dialect), positions: createPositionsRepository(db) },
      transaction: (work) =>
        db.transaction().execute((trx) => work({ savedJobs: held(createSavedJobsRepository(trx, dialect)), positions: createPositionsRepository(trx) })),
      clock,
    });
    const racing = openIds.slice(SAVED_POSITIONS_MAX - 1, SAVED_POSITIONS_MAX - 1 + RACERS);
    const outcomes = await Promise.allSettled(racing.map((id) => service.setSaved(grace.tenantId, grace.candidateId, id, 'save')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain(SavedJobsMessages.full);
    const rows = await db.selectFrom('savedPositions').select('positionId').where('candidateId', '=', grace.candidateId).execute();
    expect(rows).toHaveLength(SAVED_POSITIONS_MAX);
  });
});
