import { offerApiPaths } from '@careers/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { ADA, manualClock } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { inHours, positionOf } from '../offers/offers-company.test-support';
import { signedIn, testLetter, TEST_UA } from '../offers/offers.test-support';
import { createWebhookDispatcher } from './webhook-dispatcher';
import { createHttpSender } from './webhook-sender';
import { verifyWebhookSignature } from './webhook-signature';
import { createWebhooksRepository } from './webhooks.repository';
import { startReceiver, type TestReceiver } from './webhooks.test-support';

/**
 * The employer API's webhooks (issue 10): register (secret once), list, see deliveries (delivered/failed with
 * attempts and the last error), retry, delete; the candidate's decline is announced only through the outbox;
 * another tenant's key gets 404. The app runs with WEBHOOKS_ALLOW_PRIVATE so the receiver can be local.
 */
forEachDatabase('employer API: webhooks (issue 10)', (context) => {
  let admin: AdminTestApp;
  let receiver: TestReceiver;
  const clock = manualClock();

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { clock, config: { webhooksAllowPrivate: true } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await admin.app.close();
    await receiver.close();
  });

  const dispatcher = () =>
    createWebhookDispatcher({ repository: createWebhooksRepository(context().database.db, context().dialect), clock, send: createHttpSender({ allowPrivate: true, timeoutMs: 500 }) });

  it('registers an endpoint, announces the candidate’s decline through the outbox, and shows the delivery', async () => {
    const created = await admin.call({ method: 'POST', url: '/webhooks', payload: { url: receiver.url, event_types: ['offer.declined'] } });
    expect(created.statusCode).toBe(201);
    const { webhook, secret } = created.json<{ webhook: { id: string; url: string }; secret: string }>();
    expect(webhook.url).toBe(receiver.url);
    const listed = await admin.call({ method: 'GET', url: '/webhooks' });
    expect(listed.json<{ webhooks: { id: string }[] }>().webhooks.map((item) => item.id)).toEqual([webhook.id]);
    expect(listed.body).not.toContain(secret);

    const position = await positionOf(context().database, admin.tenantId);
    const offer = (
      await admin.call({
        method: 'POST',
        url: '/offers',
        payload: {
          candidate_email: ADA.email,
          position_id: position.id,
          expires_at: inHours(clock, 24),
          documents: [{ signing: 'upload', pdf_base64: Buffer.from(await testLetter()).toString('base64') }],
        },
      })
    ).json<{ id: string }>();
    const ada = await signedIn(admin.app, ADA);
    const declined = await ada.request({ method: 'POST', url: offerApiPaths.decline(offer.id), payload: {}, headers: { 'user-agent': TEST_UA } });
    expect(declined.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(0);

    type DeliveryJson = { id: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; event_type: string };
    const deliveries = () => admin.call({ method: 'GET', url: `/webhooks/${webhook.id}/deliveries` }).then((response) => response.json<{ deliveries: DeliveryJson[] }>().deliveries);
    expect(await deliveries()).toMatchObject([{ status: 'pending', attempts: 0, event_type: 'offer.declined' }]);

    receiver.respond(500);
    await dispatcher().runOnce();
    const [failedOnce] = await deliveries();
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500' });
    expect((await admin.call({ method: 'POST', url: `/webhooks/${webhook.id}/deliveries/${failedOnce?.id}/retry` })).statusCode).toBe(409);

    clock.advance(7 * 3_600_000); // past any backoff
    receiver.respond(204);
    await dispatcher().runOnce();
    expect(await deliveries()).toMatchObject([{ status: 'delivered', attempts: 2, last_status_code: 204, last_error: null }]);
    const last = receiver.received.at(-1);
    expect(verifyWebhookSignature(secret, last?.headers['careers-signature'] as string, last?.body ?? '', Math.floor(clock.now().getTime() / 1000)).ok).toBe(true);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ type: 'offer.declined', data: { offer_id: offer.id } });

    const retried = await admin.call({ method: 'POST', url: `/webhooks/${webhook.id}/deliveries/${failedOnce?.id}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await dispatcher().runOnce();
    expect(await deliveries()).toMatchObject([{ status: 'delivered', attempts: 1 }]);

    // Another tenant's key sees none of it.
    const key = admin.otherKey;
    expect((await admin.call({ method: 'GET', url: '/webhooks', key })).json()).toEqual({ webhooks: [] });
    expect((await admin.call({ method: 'GET', url: `/webhooks/${webhook.id}/deliveries`, key })).statusCode).toBe(404);
    expect((await admin.call({ method: 'POST', url: `/webhooks/${webhook.id}/deliveries/${failedOnce?.id}/retry`, key })).statusCode).toBe(404);
    expect((await admin.call({ method: 'DELETE', url: `/webhooks/${webhook.id}`, key })).statusCode).toBe(404);

    expect((await admin.call({ method: 'DELETE', url: `/webhooks/${webhook.id}` })).statusCode).toBe(204);
    expect((await admin.call({ method: 'DELETE', url: `/webhooks/${webhook.id}` })).statusCode).toBe(404);
    expect((await admin.call({ method: 'GET', url: '/webhooks' })).json()).toEqual({ webhooks: [] });
  });

  it('refuses bad endpoints with a JSON error', async () => {
    for (const payload of [
      { url: 'ftp://example.com/x', event_types: ['offer.accepted'] },
      { url: 'https://example.com/x', event_types: [] },
      { url: 'https://example.com/x', event_types: ['offer.exploded'] },
      { url: 'https://example.com/x#frag', event_types: ['offer.accepted'] },
      { url: 'x'.repeat(3000), event_types: ['offer.accepted'] },
    ]) {
      const response = await admin.call({ method: 'POST', url: '/webhooks', payload });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    }
  });
});
