import { NotificationBadgeResponseSchema, NotificationsBootDataResponseSchema, NotificationsResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import enNotifications from '@careers/i18n/locales/en/notifications.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, signedInClients, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, expectJsonError, tenantIdOf } from '../search/search.fixtures';
import { formRequestedNotification, offerExtendedNotification, stageChangedNotification } from './notification-messages';
import { createNotification, NotificationInputError } from './notifications.producer';

const LIST = '/api/pcsx/notifications';
const BADGE = '/api/pcsx/notification_badge';

forEachDatabase('notifications (spec §3, §4, §7; issue 12)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  const candidateId = async (email: string) =>
    (await context().database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const list = async (client: TestClient, query = '') => {
    const response = await client.request({ method: 'GET', url: `${LIST}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return NotificationsResponseSchema.parse(response.json()).data;
  };
  const badge = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: BADGE });
    expect(response.statusCode, response.body).toBe(200);
    return NotificationBadgeResponseSchema.parse(response.json()).data.count;
  };

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    [ada, grace, hank] = (await signedInClients(app, ADA, GRACE, HANK)) as [TestClient, TestClient, TestClient];
  });
  afterAll(() => app.close());

  it('lists Ada’s seeded notifications newest first: both types, clicked and not, and only hers', async () => {
    const all = await list(ada);
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(new Set(all.map((notification) => notification.notificationType))).toEqual(new Set(['read_only', 'action_required']));
    expect(all.some((notification) => notification.isClicked)).toBe(true);
    expect(all.some((notification) => !notification.isClicked)).toBe(true);
    const times = all.map((notification) => notification.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.every((notification) => /^\/careers([/?]|$)/.test(notification.redirectUrl))).toBe(true);
    const graceIds = new Set((await list(grace)).map((notification) => notification.id));
    expect(all.filter((notification) => graceIds.has(notification.id))).toEqual([]);
  });

  it('filters with type_filter=action_required and refuses other filters', async () => {
    const required = await list(ada, '?type_filter=action_required');
    expect(required.length).toBeGreaterThan(0);
    expect(required.every((notification) => notification.notificationType === 'action_required')).toBe(true);
    expectJsonError(await ada.request({ method: 'GET', url: `${LIST}?type_filter=everything` }), 400);
  });

  it('counts unviewed on the badge; mark_all_viewed zeroes it for Ada only', async () => {
    const unviewed = (await list(ada)).filter((notification) => !notification.isViewed).length;
    expect(unviewed).toBeGreaterThan(0);
    expect(await badge(ada)).toBe(unviewed);
    const graceBefore = await badge(grace);
    expect(graceBefore).toBeGreaterThan(0);
    const response = await ada.request({ method: 'POST', url: `${LIST}/mark_all_viewed`, payload: { domain: ACME } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await badge(ada)).toBe(0);
    expect(await badge(grace)).toBe(graceBefore);
  });

  it('marks one clicked; another candidate’s or tenant’s id answers 404 and changes nothing', async () => {
    const target = (await list(ada)).find((notification) => !notification.isClicked);
    expect(target).toBeDefined();
    const id = target?.id as string;
    expectJsonError(await grace.request({ method: 'POST', url: `${LIST}/${id}/mark_clicked`, payload: { domain: ACME } }), 404);
    expectJsonError(await hank.request({ method: 'POST', url: `${LIST}/${id}/mark_clicked?domain=globex.example`, payload: {} }), 404);
    expect((await list(ada)).find((notification) => notification.id === id)?.isClicked).toBe(false);
    expectJsonError(await ada.request({ method: 'POST', url: `${LIST}/no-such-id/mark_clicked`, payload: {} }), 404);

    const response = await ada.request({ method: 'POST', url: `${LIST}/${id}/mark_clicked`, payload: { domain: ACME } });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: { id: string; isClicked: boolean } }).data).toMatchObject({ id, isClicked: true });
    expect((await list(ada)).find((notification) => notification.id === id)?.isClicked).toBe(true);
  });

  it('mark_all_clicked clicks all of Ada’s and none of Grace’s', async () => {
    const graceUnclicked = (await list(grace)).filter((notification) => !notification.isClicked).length;
    expect(graceUnclicked).toBeGreaterThan(0);
    expect((await ada.request({ method: 'POST', url: `${LIST}/mark_all_clicked`, payload: {} })).statusCode).toBe(200);
    expect((await list(ada)).every((notification) => notification.isClicked)).toBe(true);
    expect((await list(grace)).filter((notification) => !notification.isClicked).length).toBe(graceUnclicked);
  });

  it('refuses signed-out visitors (401) and writes without the CSRF token (403)', async () => {
    const visitor = new TestClient(app);
    await visitor.start();
    for (const url of [LIST, BADGE, `${LIST}/stream`]) expectJsonError(await visitor.request({ method: 'GET', url }), 401);
    expectJsonError(await visitor.request({ method: 'POST', url: `${LIST}/mark_all_viewed`, payload: {} }), 401);
    expectJsonError(await ada.request({ method: 'POST', url: `${LIST}/mark_all_viewed`, payload: {}, withCsrf: false }), 403);
  });

  it('answers boot data from the same source as the page (signed in and out)', async () => {
    const signedIn = NotificationsBootDataResponseSchema.parse((await ada.request({ method: 'GET', url: '/api/pcsx/notifications_boot_data' })).json()).data;
    expect(signedIn).toEqual({ groupId: ACME, isLoggedIn: true, enableCandidateInappNotifications: true, hasActionRequiredNotificationsConfigured: true });
    const visitor = new TestClient(app);
    const response = await visitor.request({ method: 'GET', url: '/api/pcsx/notifications_boot_data' });
    expect(NotificationsBootDataResponseSchema.parse(response.json()).data.isLoggedIn).toBe(false);
  });

  it('the producer writes nothing when its transaction rolls back, and refuses off-site links and foreign candidates', async () => {
    const { db } = context().database;
    const tenantId = await tenantIdOf(context().database, ACME);
    const adaId = await candidateId(ADA.email);
    const before = await badge(ada);
    const outboxBefore = (await db.selectFrom('emailOutbox').select('id').execute()).length;
    await expect(
      db.transaction().execute(async (trx) => {
        await createNotification(trx, offerExtendedNotification({ tenantId, candidateId: adaId }, { id: 'offer-x', positionName: 'Rolled back' }));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await badge(ada)).toBe(before);
    expect((await db.selectFrom('emailOutbox').select('id').execute()).length).toBe(outboxBefore);

    for (const redirectUrl of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/careers/\nx']) {
      await expect(createNotification(db, { ...offerExtendedNotification({ tenantId, candidateId: adaId }, { id: 'o', positionName: 'P' }), redirectUrl })).rejects.toThrow(NotificationInputError);
    }
    const hankId = await candidateId(HANK.email);
    await expect(createNotification(db, offerExtendedNotification({ tenantId, candidateId: hankId }, { id: 'o', positionName: 'P' }))).rejects.toThrow(NotificationInputError);

    await db.transaction().execute((trx) => createNotification(trx, offerExtendedNotification({ tenantId, candidateId: adaId }, { id: 'offer-y', positionName: 'Committed' })));
    expect(await badge(ada)).toBe(before + 1);
    const newest = (await list(ada))[0];
    expect(newest).toMatchObject({ message: 'You have an offer for Committed. Review and respond.', messageKey: 'notifications.messages.offerExtended', messageParams: { positionName: 'Committed' }, redirectUrl: '/careers/offer/offer-y', isViewed: false, isClicked: false });
    const queued = await db.selectFrom('emailOutbox').selectAll().where('candidateId', '=', adaId).where('template', '=', 'notification').execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ toAddress: ADA.email, status: 'pending', attempts: 0 });
  });

  it('queues no email for a candidate who turned emails off', async () => {
    const { db } = context().database;
    const tenantId = await tenantIdOf(context().database, ACME);
    const graceId = await candidateId(GRACE.email);
    await db.updateTable('candidates').set({ emailNotifications: 0 }).where('id', '=', graceId).execute();
    await createNotification(db, offerExtendedNotification({ tenantId, candidateId: graceId }, { id: 'offer-z', positionName: 'Quiet' }));
    expect(await db.selectFrom('emailOutbox').select('id').where('candidateId', '=', graceId).execute()).toEqual([]);
  });
});

describe('notification message keys', () => {
  it('name English text in the notifications catalogue that reads as the stored text', () => {
    const catalogue = enNotifications as { messages: Record<string, string> };
    const made = [
      offerExtendedNotification({ tenantId: 't', candidateId: 'c' }, { id: 'o', positionName: 'Pilot' }),
      stageChangedNotification({ tenantId: 't', candidateId: 'c' }, { positionName: 'Pilot', stage: 'Interview' }),
      formRequestedNotification({ tenantId: 't', candidateId: 'c' }, { title: 'Tax form', redirectUrl: '/careers/forms' }),
    ];
    for (const notification of made) {
      const [namespace, group, key] = notification.messageKey.split('.');
      expect(namespace).toBe('notifications');
      const template = group === 'messages' && key ? catalogue.messages[key] : undefined;
      expect(template, notification.messageKey).toBeDefined();
      const rendered = (template ?? '').replace(/\{(\w+)\}/g, (_match, name: string) => String(notification.messageParams?.[name] ?? ''));
      expect(rendered).toBe(notification.message);
    }
  });
});
