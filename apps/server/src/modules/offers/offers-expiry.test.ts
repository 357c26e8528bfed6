import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createWebhooksRepository } from '../webhooks/webhooks.repository';
import { createWebhooksService } from '../webhooks/webhooks.service';
import { inHours, offersServiceFor, positionOf, tenantIdOf } from './offers-company.test-support';
import { signedIn, testLetter } from './offers.test-support';

/**
 * Issue 10: offers past their deadline are moved to Expired by the server, recorded as one `expired` evidence
 * event and one webhook delivery, exactly once even when sweeps race (several processes, PostgreSQL); between
 * sweeps the candidate's list already shows Expired. Time moves on the injectable clock.
 */
forEachDatabase('offer expiry sweep (issue 10)', (context) => {
  let app: FastifyInstance;
  let acme: string;
  const clock = manualClock(new Date('2025-03-01T09:00:00.000Z'));
  const database = () => context().database;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    acme = await tenantIdOf(database(), 'acme.example');
    // The demo seed holds an offer already past its deadline (computed Expired); the first sweep writes it down.
    expect(await offersServiceFor(database(), clock).expireDue()).toBeGreaterThanOrEqual(1);
  });
  afterAll(() => app.close());

  async function extendMany(count: number, hours: number): Promise<string[]> {
    const offers = offersServiceFor(database(), clock);
    const position = await positionOf(database(), acme);
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const view = await offers.extend({
        tenantId: acme,
        candidate: { email: ADA.email },
        position: { id: position.id },
        documents: [{ pdf: await testLetter(), signing: 'inline' }],
        expiresAt: inHours(clock, hours),
      });
      ids.push(view.offer.id);
    }
    return ids;
  }

  const storedStatus = async (offerId: string) => (await database().db.selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;
  const eventTypes = async (offerId: string) =>
    (await database().db.selectFrom('offerEvents').select('eventType').where('offerId', '=', offerId).orderBy('seq').execute()).map((row) => row.eventType);

  it('moves an offer past its deadline to Expired once, with its evidence event and webhook; the candidate sees Expired before the sweep', async () => {
    const webhooks = createWebhooksService({ repository: createWebhooksRepository(database().db, context().dialect), clock, allowPrivate: true });
    const { endpoint } = await webhooks.create(acme, { url: 'http://127.0.0.1:9/expired', eventTypes: ['offer.expired'] });
    const [offerId] = (await extendMany(1, 2)) as [string];
    const offers = offersServiceFor(database(), clock);

    expect(await offers.expireDue()).toBe(0); // not yet: a deadline in the future is left alone
    clock.advance(2 * 3_600_000 + 1_000);

    // Between sweeps: stored Extended, computed Expired for the candidate.
    expect(await storedStatus(offerId)).toBe('Extended');
    const ada = await signedIn(app, ADA);
    const listed = (await ada.request({ method: 'GET', url: offerApiPaths.list() })).json() as { offers: { id: string; status: string }[] };
    expect(listed.offers.find((offer) => offer.id === offerId)?.status).toBe('Expired');

    expect(await offers.expireDue()).toBe(1);
    expect(await storedStatus(offerId)).toBe('Expired');
    expect(await eventTypes(offerId)).toEqual(['extended', 'expired']);
    expect(await offers.expireDue()).toBe(0);
    expect(await eventTypes(offerId)).toEqual(['extended', 'expired']);
    expect((await offers.verifyEvidence(offerId)).ok).toBe(true);

    const deliveries = await webhooks.deliveries(acme, endpoint.id);
    expect(deliveries.map((delivery) => [delivery.eventType, (JSON.parse(delivery.payload) as { data: { offer_id: string } }).data.offer_id])).toEqual([
      ['offer.expired', offerId],
    ]);
    await webhooks.remove(acme, endpoint.id);
  });

  it('expires each offer exactly once when sweeps race', async () => {
    const ids = await extendMany(6, 1.5);
    clock.advance(2 * 3_600_000);
    // Services of their own, as separate processes have; on PostgreSQL each sweep's transactions run in parallel.
    const sweeps = await Promise.all([0, 1, 2].map(() => offersServiceFor(database(), clock).expireDue()));
    expect(sweeps.reduce((sum, moved) => sum + moved, 0)).toBe(ids.length);
    for (const offerId of ids) {
      expect(await storedStatus(offerId)).toBe('Expired');
      expect(await eventTypes(offerId)).toEqual(['extended', 'expired']);
    }
  });
});
