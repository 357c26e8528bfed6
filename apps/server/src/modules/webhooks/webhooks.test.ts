import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import { manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { inHours, offersServiceFor, tenantIdOf } from '../offers/offers-company.test-support';
import { testLetter } from '../offers/offers.test-support';
import type { OffersService } from '../offers/offers.service';
import { createWebhookDispatcher, exponentialBackoff, type DispatcherOptions } from './webhook-dispatcher';
import { enqueueWebhookEvent } from './webhook-outbox';
import { createHttpSender } from './webhook-sender';
import { verifyWebhookSignature } from './webhook-signature';
import { createWebhooksRepository } from './webhooks.repository';
import { createWebhooksService, type WebhooksService } from './webhooks.service';
import { startReceiver, type TestReceiver } from './webhooks.test-support';

/**
 * Issue 10 "Webhooks per tenant": endpoints validated and scoped to their tenant, the outbox written in the
 * event's transaction (and rolled back with it), deliveries signed so a receiver can verify them, retried with
 * backoff after 500s and timeouts and then failed, retried by hand, and sent exactly once when two
 * dispatchers race. SQLite and PostgreSQL (the race matters on PostgreSQL, where processes run in parallel).
 */
forEachDatabase('webhooks (issue 10)', (context) => {
  const clock = manualClock(new Date('2025-03-01T09:00:00.000Z'));
  let receiver: TestReceiver;
  let webhooks: WebhooksService;
  let offers: OffersService;
  let acme: string;
  let globex: string;
  let ada: { tenantId: string; candidateId: string };
  const database = () => context().database;
  const repository = () => createWebhooksRepository(database().db, context().dialect);
  const dispatcher = (options: Partial<DispatcherOptions> = {}) =>
    createWebhookDispatcher({ repository: repository(), clock, send: createHttpSender({ allowPrivate: true, timeoutMs: 300 }), backoff: () => 60_000, ...options });
  const evidence = { ip: '203.0.113.9', userAgent: 'test', sessionHash: 'a'.repeat(64) };

  beforeAll(async () => {
    await seedForTests(context());
    receiver = await startReceiver();
    webhooks = createWebhooksService({ repository: repository(), clock, allowPrivate: true });
    offers = offersServiceFor(database(), clock);
    acme = await tenantIdOf(database(), 'acme.example');
    globex = await tenantIdOf(database(), 'globex.example');
    const candidate = await database().db.selectFrom('candidates').select('id').where('email', '=', 'ada@acme.example').where('tenantId', '=', acme).executeTakeFirstOrThrow();
    ada = { tenantId: acme, candidateId: candidate.id };
  });
  afterAll(async () => {
    await receiver.close();
  });

  /** A fresh endpoint of acme at the receiver, alone: earlier endpoints are removed so counts stay exact. */
  async function freshEndpoint(types: string[] = ['offer.accepted', 'offer.declined', 'offer.expired', 'offer.canceled']) {
    for (const endpoint of await webhooks.list(acme)) await webhooks.remove(acme, endpoint.id);
    return webhooks.create(acme, { url: receiver.url, eventTypes: types });
  }

  const pendingCount = async () =>
    Number((await database().db.selectFrom('webhookDeliveries').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);

  async function extendAndDecline(): Promise<string> {
    const { offer } = await offers.extend({
      tenantId: acme,
      candidate: { id: ada.candidateId },
      position: { id: (await database().db.selectFrom('positions').select('id').where('tenantId', '=', acme).executeTakeFirstOrThrow()).id },
      documents: [{ pdf: await testLetter(), signing: 'inline' }],
      expiresAt: inHours(clock, 48),
    });
    await offers.decline(ada, evidence, offer.id, { code: null, text: null });
    return offer.id;
  }

  describe('endpoints', () => {
    it('validates the URL and the event types; the secret is shown once', async () => {
      const strict = createWebhooksService({ repository: repository(), clock, allowPrivate: false });
      await expect(strict.create(acme, { url: 'http://example.com/hook', eventTypes: ['offer.accepted'] })).rejects.toThrow(/https/);
      await expect(strict.create(acme, { url: 'https://127.0.0.1/hook', eventTypes: ['offer.accepted'] })).rejects.toThrow(/public address/);
      await expect(strict.create(acme, { url: 'https://10.1.2.3/hook', eventTypes: ['offer.accepted'] })).rejects.toThrow(/public address/);
      await expect(strict.create(acme, { url: 'https://[::1]/hook', eventTypes: ['offer.accepted'] })).rejects.toThrow(/public address/);
      await expect(strict.create(acme, { url: 'https://localhost/hook', eventTypes: ['offer.accepted'] })).rejects.toThrow(/public address/);
      await expect(strict.create(acme, { url: 'https://user:pw@example.com/hook', eventTypes: ['offer.accepted'] })).rejects.toBeInstanceOf(ValidationError);
      await expect(strict.create(acme, { url: 'not a url', eventTypes: ['offer.accepted'] })).rejects.toBeInstanceOf(ValidationError);
      await expect(strict.create(acme, { url: 'https://example.com/hook', eventTypes: ['offer.sneezed'] })).rejects.toThrow(/Event types/);
      await expect(strict.create(acme, { url: 'https://example.com/hook', eventTypes: [] })).rejects.toThrow(/Event types/);

      const created = await strict.create(acme, { url: 'https://example.com/hook', eventTypes: ['offer.accepted', 'offer.accepted'] });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(created.endpoint.eventTypes).toEqual(['offer.accepted']);
      const listed = await strict.list(acme);
      expect(listed.find((endpoint) => endpoint.id === created.endpoint.id)).toEqual(created.endpoint);
      expect(JSON.stringify(listed)).not.toContain(created.secret);
      await strict.remove(acme, created.endpoint.id);
    });

    it('answers 404 for another tenant’s endpoint and delivery', async () => {
      const { endpoint } = await freshEndpoint();
      await extendAndDecline();
      const [delivery] = await webhooks.deliveries(acme, endpoint.id);
      expect(delivery).toBeDefined();
      await expect(webhooks.get(globex, endpoint.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(webhooks.deliveries(globex, endpoint.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(webhooks.retry(globex, endpoint.id, delivery?.id as string)).rejects.toBeInstanceOf(NotFoundError);
      await expect(webhooks.remove(globex, endpoint.id)).rejects.toBeInstanceOf(NotFoundError);
      expect(await webhooks.list(globex)).toEqual([]);
      await dispatcher().runOnce();
    });
  });

  describe('offer events', () => {
    it('announces an accepted and a canceled offer; an offer-level refusal announces nothing', async () => {
      const { endpoint } = await freshEndpoint();
      const position = await database().db.selectFrom('positions').select('id').where('tenantId', '=', acme).executeTakeFirstOrThrow();
      const extend = () =>
        offers.extend({ tenantId: acme, candidate: { id: ada.candidateId }, position: { id: position.id }, documents: [{ pdf: letter, signing: 'inline' }], expiresAt: inHours(clock, 48) });
      const letter = await testLetter();
      const accepted = await extend();
      const documentId = accepted.documents[0]?.id ?? null;
      await offers.signTyped({ ...ada, email: 'ada@acme.example', fullName: 'Ada Lovelace' }, evidence, accepted.offer.id, documentId, 'Ada Lovelace', 'inline');
      const canceled = await extend();
      await offers.cancelForTenant(acme, canceled.offer.id);
      await expect(offers.cancelForTenant(acme, canceled.offer.id)).rejects.toThrow();
      const announced = (await webhooks.deliveries(acme, endpoint.id)).map((delivery) => [delivery.eventType, (JSON.parse(delivery.payload) as { data: { offer_id: string } }).data.offer_id]);
      expect(announced.sort()).toEqual(
        [
          ['offer.accepted', accepted.offer.id],
          ['offer.canceled', canceled.offer.id],
        ].sort(),
      );
      await dispatcher().runOnce();
    });
  });

  describe('outbox', () => {
    it('writes deliveries in the event’s transaction: rolled back with it, kept when it commits', async () => {
      await freshEndpoint(['application.submitted']);
      const before = await pendingCount();
      await expect(
        database().db.transaction().execute(async (trx) => {
          expect(await enqueueWebhookEvent(trx, acme, 'application.submitted', { application_id: 'a-1' }, clock.now())).toBe(1);
          throw new Error('the application insert failed');
        }),
      ).rejects.toThrow('the application insert failed');
      expect(await pendingCount()).toBe(before);

      await database().db.transaction().execute((trx) => enqueueWebhookEvent(trx, acme, 'application.submitted', { application_id: 'a-2' }, clock.now()));
      expect(await pendingCount()).toBe(before + 1);
      expect(await database().db.transaction().execute((trx) => enqueueWebhookEvent(trx, acme, 'application.withdrawn', {}, clock.now()))).toBe(0);
      expect(await database().db.transaction().execute((trx) => enqueueWebhookEvent(trx, globex, 'application.submitted', {}, clock.now()))).toBe(0);
      await dispatcher().runOnce();
    });
  });

  describe('delivery', () => {
    it('POSTs a declined offer signed so the receiver can verify it, and records it delivered', async () => {
      const { endpoint, secret } = await freshEndpoint();
      receiver.respond(200);
      receiver.received.length = 0;
      const offerId = await extendAndDecline();
      expect(receiver.received).toHaveLength(0); // the decline only wrote the outbox

      expect(await dispatcher().runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
      const [request] = receiver.received;
      const body = JSON.parse(request?.body ?? '{}') as { id: string; type: string; data: Record<string, unknown> };
      expect(body).toMatchObject({ type: 'offer.declined', tenant_id: acme, data: { offer_id: offerId, status: 'Declined', status_before: 'Extended' } });
      const now = Math.floor(clock.now().getTime() / 1000);
      const header = request?.headers['careers-signature'] as string;
      expect(verifyWebhookSignature(secret, header, request?.body ?? '', now)).toEqual({ ok: true, timestamp: now });
      expect(verifyWebhookSignature('whsec_wrong', header, request?.body ?? '', now)).toEqual({ ok: false, reason: 'mismatch' });
      expect(verifyWebhookSignature(secret, header, `${request?.body} `, now)).toEqual({ ok: false, reason: 'mismatch' });
      expect(verifyWebhookSignature(secret, header, request?.body ?? '', now + 301)).toEqual({ ok: false, reason: 'too_old' });
      expect(verifyWebhookSignature(secret, 'v1=abc', request?.body ?? '', now)).toEqual({ ok: false, reason: 'malformed' });
      expect(request?.headers['careers-event-id']).toBe(body.id);

      const [delivery] = await webhooks.deliveries(acme, endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, eventType: 'offer.declined' });
      expect(await dispatcher().runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    });

    it('retries 500s and timeouts after the backoff, then fails; a manual retry sends it again', async () => {
      const { endpoint } = await freshEndpoint();
      receiver.received.length = 0;
      await extendAndDecline();
      const send = dispatcher({ maxAttempts: 3 });

      receiver.respond(500);
      expect(await send.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
      let [delivery] = await webhooks.deliveries(acme, endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
      expect(delivery?.nextAttemptAt).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
      // Not due yet: nothing is sent before the backoff has passed.
      expect(await send.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect(receiver.received).toHaveLength(1);

      clock.advance(60_000);
      receiver.respond('hang');
      expect(await send.runOnce()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
      [delivery] = await webhooks.deliveries(acme, endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: null });
      expect(delivery?.lastError).toMatch(/timed out/);

      clock.advance(60_000);
      receiver.respond(503);
      expect(await send.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 1 });
      [delivery] = await webhooks.deliveries(acme, endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 503 });
      expect(receiver.received).toHaveLength(3);
      // Every attempt carries its own timestamp: a retry an hour later still verifies.
      clock.advance(3_600_000);
      expect(await send.runOnce()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

      receiver.respond(200);
      const requeued = await webhooks.retry(acme, endpoint.id, delivery?.id as string);
      expect(requeued).toMatchObject({ status: 'pending', attempts: 0 });
      await expect(webhooks.retry(acme, endpoint.id, delivery?.id as string)).rejects.toThrow(/already waiting/);
      expect(await send.runOnce()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
      const bodies = new Set(receiver.received.map((request) => request.body));
      expect(bodies.size).toBe(1); // the same event body on every attempt
    });

    it('delivers each row exactly once when two dispatchers race', async () => {
      await freshEndpoint(['application.submitted']);
      receiver.respond(200);
      receiver.received.length = 0;
      const events = 30;
      await database().db.transaction().execute(async (trx) => {
        for (let index = 0; index < events; index++) await enqueueWebhookEvent(trx, acme, 'application.submitted', { application_id: `race-${index}` }, clock.now());
      });
      // A generous timeout: on a loaded host a 300 ms one turns slow answers into retries, which is not this test's point.
      const patient = createHttpSender({ allowPrivate: true, timeoutMs: 10_000 });
      const first = dispatcher({ batchSize: 10, send: patient });
      const second = dispatcher({ batchSize: 10, send: patient });
      let sent = 0;
      for (let round = 0; round < 10 && sent < events; round++) {
        const results = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
        sent += results.reduce((sum, result) => sum + result.delivered, 0);
      }
      expect(sent).toBe(events);
      const ids = receiver.received.map((request) => request.headers['careers-delivery']);
      expect(ids).toHaveLength(events);
      expect(new Set(ids).size).toBe(events);
    });

    it('refuses to send to a private address unless allowed', async () => {
      const strictSender = createHttpSender({ allowPrivate: false, timeoutMs: 300 });
      receiver.received.length = 0;
      expect(await strictSender({ url: receiver.url, body: '{}', headers: {} })).toMatchObject({ ok: false, error: expect.stringMatching(/non-public/) });
      expect(await strictSender({ url: receiver.url.replace('127.0.0.1', 'localhost'), body: '{}', headers: {} })).toMatchObject({
        ok: false,
        error: expect.stringMatching(/non-public/),
      });
      expect(receiver.received).toHaveLength(0);
    });
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(exponentialBackoff(1, () => 0)).toBe(15_000);
    expect(exponentialBackoff(1, () => 1)).toBe(30_000);
    expect(exponentialBackoff(4, () => 1)).toBe(240_000);
    expect(exponentialBackoff(30, () => 1)).toBe(6 * 3_600_000);
  });
});
