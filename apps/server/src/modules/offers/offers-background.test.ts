import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createWebhooksRepository } from '../webhooks/webhooks.repository';
import { createWebhooksService } from '../webhooks/webhooks.service';
import { startReceiver, type TestReceiver } from '../webhooks/webhooks.test-support';
import { tenantIdOf } from './offers-company.test-support';

/**
 * The server process's background jobs (issue 10, app.ts `backgroundJobs`): once listening, the expiry sweep
 * writes down the demo's past-deadline offer and the dispatcher sends its webhook, with no request made; both
 * stop when the app closes.
 */
forEachDatabase('background jobs of a server process (issue 10)', (context) => {
  let app: FastifyInstance;
  let receiver: TestReceiver;
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context());
    receiver = await startReceiver();
    const acme = await tenantIdOf(context().database, 'acme.example');
    await createWebhooksService({ repository: createWebhooksRepository(context().database.db, context().dialect), clock, allowPrivate: true }).create(acme, {
      url: receiver.url,
      eventTypes: ['offer.expired'],
    });
    ({ app } = await createTestApp(context(), { clock, backgroundJobs: true, config: { webhooksAllowPrivate: true } }));
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('sweeps expired offers and sends their webhooks once the app listens', async () => {
    const expiredCount = async () =>
      Number((await context().database.db.selectFrom('offerEvents').select((eb) => eb.fn.countAll().as('n')).where('eventType', '=', 'expired').executeTakeFirstOrThrow()).n);
    expect(await expiredCount()).toBe(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The sweep runs at start; the dispatcher's first pass may come before the sweep commits, its next 5 s later.
    for (let waited = 0; waited < 8_000 && receiver.received.length === 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await expiredCount()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBe(await expiredCount());
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({ type: 'offer.expired' });
  }, 15_000);
});
