import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/database';
import { ADA, createTestApp, GRACE, seedForTests, TestClient } from '../../test/app';
import { createTestDatabase, forEachDatabase, type TestDatabase } from '../../test/databases';
import { ACME, tenantIdOf } from '../search/search.fixtures';
import { offerExtendedNotification } from './notification-messages';
import { createNotification } from './notifications.producer';
import { listenOnFreePort, openStream, type StreamEvent } from './notifications.stream.test-support';
import { MAX_STREAMS_PER_CANDIDATE } from './notifications.streams';

const isBadge = (event: StreamEvent) => event.event === 'badge';
const isNotification = (event: StreamEvent) => event.event === 'notification';

async function owner(database: Database, email: string) {
  const candidate = await database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { tenantId: await tenantIdOf(database, ACME), candidateId: candidate.id };
}

forEachDatabase('notification stream (issue 12 "Live updates")', (context) => {
  let app: FastifyInstance;
  let base: string;
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), context().url ? { config: { databaseUrl: context().url } } : {}));
    base = await listenOnFreePort(app);
    ada = new TestClient(app);
    await ada.login(ADA);
  });
  afterAll(() => app.close());

  it('sends the badge on open, then each committed notification and the new badge — not a rolled-back one, not another candidate’s', async () => {
    const stream = await openStream(base, ada);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      // The site's security headers reach the taken-over response too.
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      expect(stream.headers['content-security-policy']).toBeDefined();
      const first = await stream.next(isBadge);
      const count = (first.data as { count: number }).count;
      const { db } = context().database;
      const adaOwner = await owner(context().database, ADA.email);
      const graceOwner = await owner(context().database, GRACE.email);

      await db
        .transaction()
        .execute(async (trx) => {
          await createNotification(trx, offerExtendedNotification(adaOwner, { id: 'offer-rolled', positionName: 'Rolled back' }));
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await db.transaction().execute((trx) => createNotification(trx, offerExtendedNotification(graceOwner, { id: 'offer-g', positionName: 'For Grace' })));
      await db.transaction().execute((trx) => createNotification(trx, offerExtendedNotification(adaOwner, { id: 'offer-live', positionName: 'Live' })));

      const pushed = await stream.next(isNotification);
      expect(pushed.data).toMatchObject({ redirectUrl: '/careers/offer/offer-live', notificationType: 'action_required', isViewed: false });
      const badge = await stream.next((event) => isBadge(event) && (event.data as { count: number }).count !== count);
      expect(badge.data).toEqual({ count: count + 1 });
      // Give a stray delivery time to arrive: only Ada's committed one came.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.filter(isNotification).map((event) => (event.data as { redirectUrl: string }).redirectUrl)).toEqual(['/careers/offer/offer-live']);
    } finally {
      stream.close();
    }
  });

  it('caps streams per candidate (429 past the cap) and frees a place when one closes', async () => {
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_CANDIDATE }, () => openStream(base, ada)));
    try {
      await Promise.all(streams.map((stream) => stream.next(isBadge)));
      const refused = await openStream(base, ada);
      expect(refused.status).toBe(429);
      streams.pop()?.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await openStream(base, ada);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('notification stream on close', () => {
  let context: TestDatabase;
  beforeAll(async () => {
    context = await createTestDatabase('sqlite');
    await seedForTests(context);
  });
  afterAll(() => context.destroy());

  it('ends open streams when the server closes, so close() does not wait for them', async () => {
    const { app } = await createTestApp(context);
    const base = await listenOnFreePort(app);
    const ada = new TestClient(app);
    await ada.login(ADA);
    const stream = await openStream(base, ada);
    await stream.next(isBadge);
    const started = Date.now();
    await app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

/** Issue 12: with two app instances on one PostgreSQL, a notification made through one reaches a stream held by the other. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('notification stream across two app instances on one PostgreSQL', () => {
  let context: TestDatabase;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  beforeAll(async () => {
    context = await createTestDatabase('postgres');
    await seedForTests(context);
    second = openPostgres(context.url as string);
    ({ app: appA } = await createTestApp(context, { config: { databaseUrl: context.url } }));
    ({ app: appB } = await createTestApp({ ...context, database: second }, { config: { databaseUrl: context.url } }));
  });
  afterAll(async () => {
    await appA.close();
    await appB.close();
    await second.close();
    await context.destroy();
  });

  it('delivers through LISTEN/NOTIFY to the instance holding the stream, within 1 s (P8: median and p95 of 20)', async () => {
    const baseB = await listenOnFreePort(appB);
    const ada = new TestClient(appA);
    await ada.login(ADA);
    const stream = await openStream(baseB, ada);
    try {
      expect(stream.status).toBe(200);
      await stream.next(isBadge);
      // Made through instance A's database handle; B only holds the stream and never writes.
      const adaOwner = await owner(context.database, ADA.email);
      const times: number[] = [];
      for (let round = 0; round < 20; round++) {
        const seen = stream.events.length;
        const started = performance.now();
        await context.database.db.transaction().execute((trx) => createNotification(trx, offerExtendedNotification(adaOwner, { id: `offer-across-${round}`, positionName: 'Across' })));
        const badge = await stream.next(isBadge, 5000, seen);
        times.push(performance.now() - started);
        expect(stream.events.slice(seen).find(isNotification)?.data).toMatchObject({ redirectUrl: `/careers/offer/offer-across-${round}` });
        expect(badge.data).toMatchObject({ count: expect.any(Number) as number });
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = ((sorted[9] ?? 0) + (sorted[10] ?? 0)) / 2;
      const p95 = sorted[18] ?? 0;
      console.info(`P8 notification across instances (commit on A → badge on B's stream): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over 20`);
      expect(p95).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });
});
