import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config';
import { openPostgres } from '../../db/database';
import { ADA, createTestApp, manualClock, seedForTests, TEST_SESSION_SECRET, TestClient } from '../../test/app';
import { createTestDatabase, forEachDatabase, type TestDatabase } from '../../test/databases';
import { ACME, tenantIdOf } from '../search/search.fixtures';
import { interviewNotification, offerExtendedNotification, stageChangedNotification } from '../notifications/notification-messages';
import { createNotification } from '../notifications/notifications.producer';
import { createEmailRepository } from './email.repository';
import { createEmailSender, retryDelayMs, type EmailTransport } from './email-sender';
import { createEmailService } from './email.service';
import { enqueueEmail } from './email-outbox';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

type Sent = Parameters<EmailTransport['send']>[0];

/** A transport that fails its first `failures` sends, then records each message. */
function fakeTransport(failures = 0) {
  const sent: Sent[] = [];
  let calls = 0;
  const transport: EmailTransport = {
    send(message) {
      calls += 1;
      if (calls <= failures) return Promise.reject(new Error(`smtp down (${calls})`));
      sent.push(message);
      return Promise.resolve();
    },
  };
  return { transport, sent, calls: () => calls };
}

const silentLog = { warn: () => undefined, error: () => undefined };
const emailConfig = { sessionSecret: TEST_SESSION_SECRET, publicOrigin: undefined, host: '127.0.0.1', port: 0 };

describe('unsubscribe tokens', () => {
  const subject = { tenantId: 'tenant-1', candidateId: 'candidate-1' };
  it('verifies its own tokens and refuses tampered, truncated, re-signed and foreign-secret ones', () => {
    const token = signUnsubscribeToken('secret-a', subject);
    expect(verifyUnsubscribeToken('secret-a', token)).toEqual(subject);
    expect(verifyUnsubscribeToken('secret-b', token)).toBeNull();
    const [version, payload, mac] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ t: 'tenant-1', c: 'candidate-2' })).toString('base64url');
    for (const bad of [`${version}.${otherPayload}.${mac}`, `${version}.${payload}.${mac.slice(0, -2)}`, `v2.${payload}.${mac}`, `${version}.${payload}`, '', 'x'.repeat(2000), `${token}.x`]) {
      expect(verifyUnsubscribeToken('secret-a', bad)).toBeNull();
    }
  });

  it('carries the email’s language when given; a token without one (as before) still verifies', () => {
    const withLanguage = signUnsubscribeToken('secret-a', { ...subject, language: 'fr-CA' });
    expect(verifyUnsubscribeToken('secret-a', withLanguage)).toEqual({ ...subject, language: 'fr-CA' });
    const [version, payload] = withLanguage.split('.') as [string, string, string];
    const swapped = Buffer.from(JSON.stringify({ t: 'tenant-1', c: 'candidate-1', l: 'de' })).toString('base64url');
    expect(verifyUnsubscribeToken('secret-a', `${version}.${swapped}.${withLanguage.split('.')[2]}`)).toBeNull();
    expect(payload).not.toBe(swapped);
    expect(Object.keys(verifyUnsubscribeToken('secret-a', signUnsubscribeToken('secret-a', subject)) ?? {})).toEqual(['tenantId', 'candidateId']);
  });
});

describe('SMTP_URL and EMAIL_FROM', () => {
  it('accepts smtp(s) URLs and refuses others without echoing them', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).SMTP_URL).toBe('smtps://user:pw@mail.example:465');
    expect(parseEnv({}).EMAIL_FROM).toContain('@');
    expect(() => parseEnv({ SMTP_URL: 'http://user:secret-pw@mail.example' })).toThrow(ConfigError);
    try {
      parseEnv({ SMTP_URL: 'http://user:secret-pw@mail.example' });
    } catch (error) {
      expect(String(error)).not.toContain('secret-pw');
    }
  });
});

forEachDatabase('email outbox and sender (issue 12)', (context) => {
  let tenantId: string;
  let adaId: string;

  beforeAll(async () => {
    await seedForTests(context());
    tenantId = await tenantIdOf(context().database, ACME);
    adaId = (await context().database.db.selectFrom('candidates').select('id').where('email', '=', ADA.email).executeTakeFirstOrThrow()).id;
  });

  const pending = () => context().database.db.selectFrom('emailOutbox').selectAll().where('status', '=', 'pending').execute();
  const clearOutbox = () => context().database.db.deleteFrom('emailOutbox').execute();

  it('sends a notification email with text and HTML parts, an unsubscribe link and RFC 8058 headers, then forgets its params', async () => {
    await clearOutbox();
    const clock = manualClock();
    await context().database.db.transaction().execute((trx) =>
      createNotification(trx, offerExtendedNotification({ tenantId, candidateId: adaId, at: clock.now() }, { id: 'offer-mail', positionName: 'Mailroom Lead' })),
    );
    const repository = createEmailRepository(context().database.db, context().dialect);
    const fake = fakeTransport();
    const sender = createEmailSender({ repository, emails: createEmailService({ repository, config: emailConfig }), transport: fake.transport, from: 'Careers <c@acme.example>', clock, log: silentLog });
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    const [message] = fake.sent;
    expect(message?.to).toBe(ADA.email);
    expect(message?.subject).toContain('Offer');
    expect(message?.text).toContain('You have an offer for Mailroom Lead');
    expect(message?.text).toContain('https://careers.acme.example/careers/offer/offer-mail');
    expect(message?.html).toContain('<a href="https://careers.acme.example/careers/offer/offer-mail">');
    const unsubscribe = /<(https:\/\/careers\.acme\.example\/api\/pcsx\/email\/unsubscribe\?token=[^>]+)>/.exec(message?.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(message?.text).toContain(unsubscribe);
    expect(message?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const row = await context().database.db.selectFrom('emailOutbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, params: '{}', sentAt: clock.now().toISOString() });
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  /** Ada's saved language and zone for one test (issue 11 preferences), put back as they were after it. */
  async function withAdaPreferences(saved: { locale: string | null; timeZone: string | null }, work: () => Promise<void>): Promise<void> {
    const db = context().database.db;
    const before = await db.selectFrom('candidatePreferences').selectAll().where('candidateId', '=', adaId).executeTakeFirst();
    await db.deleteFrom('candidatePreferences').where('candidateId', '=', adaId).execute();
    await db.insertInto('candidatePreferences').values({ candidateId: adaId, tenantId, ...saved, inAppNotifications: 1, updatedAt: new Date().toISOString() }).execute();
    try {
      await work();
    } finally {
      await db.deleteFrom('candidatePreferences').where('candidateId', '=', adaId).execute();
      if (before) await db.insertInto('candidatePreferences').values(before).execute();
    }
  }

  async function sendPending(clock: ReturnType<typeof manualClock>): Promise<Sent[]> {
    const repository = createEmailRepository(context().database.db, context().dialect);
    const fake = fakeTransport();
    const sender = createEmailSender({ repository, emails: createEmailService({ repository, config: emailConfig }), transport: fake.transport, from: 'c@acme.example', clock, log: silentLog });
    await sender.runOnce();
    return fake.sent;
  }

  it('writes an interview email in the candidate’s saved language, the time in their saved zone (issue 13)', async () => {
    await clearOutbox();
    const clock = manualClock();
    await withAdaPreferences({ locale: 'de', timeZone: 'Europe/Berlin' }, async () => {
      await context().database.db.transaction().execute((trx) =>
        createNotification(
          trx,
          interviewNotification({ tenantId, candidateId: adaId, at: clock.now() }, 'rescheduled', { positionName: 'Mailroom Lead', startsAt: '2026-12-01T09:30:00.000Z', timeZone: 'America/New_York' }),
        ),
      );
      const [row] = await pending();
      expect(row?.language).toBe('de');
      const [message] = await sendPending(clock);
      expect(message?.subject).toMatch(/: Interview verschoben$/);
      // 09:30 UTC is 10:30 in Berlin (not 04:30 in New York, the interview's zone), written the German way.
      expect(message?.text).toContain('Ihr Interview für Mailroom Lead wurde auf Di., 1. Dez. 2026, 10:30 MEZ verschoben.');
      expect(message?.text).toContain('Hier öffnen: https://careers.acme.example/careers/dashboard?tab=interviews');
      expect(message?.text).toContain('Sie erhalten diese E-Mails, weil Benachrichtigungen per E-Mail aktiviert sind.');
      expect(message?.text).not.toMatch(/Interview rescheduled|moved to|Open it here/);
      expect(message?.html).toContain('<html lang="de" dir="ltr">');
      expect(message?.html).toContain('>Hier öffnen</a>');
    });
  });

  it('writes a Japanese email for a candidate who saved ja, the time in the interview’s zone when they saved none', async () => {
    await clearOutbox();
    const clock = manualClock();
    await withAdaPreferences({ locale: 'ja', timeZone: null }, async () => {
      await context().database.db.transaction().execute(async (trx) => {
        await createNotification(trx, interviewNotification({ tenantId, candidateId: adaId, at: clock.now() }, 'scheduled', { positionName: 'Mailroom Lead', startsAt: '2026-12-01T09:30:00.000Z', timeZone: 'Asia/Tokyo' }));
        await createNotification(trx, stageChangedNotification({ tenantId, candidateId: adaId, at: clock.now() }, { positionName: 'Mailroom Lead', stage: 'Interview' }));
      });
      const sent = await sendPending(clock);
      expect(sent.map((message) => message.subject.replace(/^.*：/, '')).sort()).toEqual(['応募状況の更新', '面接の予定']);
      const interview = sent.find((message) => message.subject.endsWith('面接の予定'));
      expect(interview?.text).toContain('Mailroom Leadの面接は2026年12月1日(火) 18:30 JSTに予定されています。');
      const stage = sent.find((message) => message.subject.endsWith('応募状況の更新'));
      expect(stage?.text).toContain('Mailroom Leadへの応募が「Interview」に進みました。');
      expect(stage?.text).toContain('こちらから開く：');
    });
  });

  it('writes in English for a candidate with no saved language, and an unknown saved one reads as English too', async () => {
    await clearOutbox();
    const clock = manualClock();
    await withAdaPreferences({ locale: null, timeZone: 'UTC' }, async () => {
      await context().database.db.transaction().execute((trx) =>
        createNotification(trx, interviewNotification({ tenantId, candidateId: adaId, at: clock.now() }, 'canceled', { positionName: 'Mailroom Lead', startsAt: '2026-12-01T09:30:00.000Z', timeZone: 'Asia/Tokyo' })),
      );
      expect((await pending())[0]?.language).toBe('en');
      const [message] = await sendPending(clock);
      expect(message?.subject).toMatch(/: Interview canceled$/);
      expect(message?.text).toContain('Your interview for Mailroom Lead on Tue, Dec 1, 2026, 09:30 AM UTC was canceled.');
    });
    // A row with a language the catalogues do not have (stored by hand) is rendered in English, not refused.
    await enqueueEmail(context().database.db, { tenantId, candidateId: adaId, toAddress: ADA.email, template: 'notification', params: { messageKey: 'notifications.messages.formRequested', messageParams: '{"title":"Tax form"}', redirectUrl: '/careers' }, language: 'xx', at: clock.now().toISOString() });
    const [message] = await sendPending(clock);
    expect(message?.text).toContain('Please complete “Tax form”.');
  });

  it('retries a failed send with backoff and sends it once the transport recovers; gives up after the last attempt', async () => {
    await clearOutbox();
    const clock = manualClock();
    await enqueueEmail(context().database.db, { tenantId, candidateId: adaId, toAddress: ADA.email, template: 'notification', params: { categoryTitle: 'T', message: 'M', redirectUrl: '/careers' }, at: clock.now().toISOString() });
    const repository = createEmailRepository(context().database.db, context().dialect);
    const emails = createEmailService({ repository, config: emailConfig });
    const fake = fakeTransport(2);
    const sender = createEmailSender({ repository, emails, transport: fake.transport, from: 'c@acme.example', clock, log: silentLog });

    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 1 });
    let [row] = await pending();
    expect(row).toMatchObject({ attempts: 1, lastError: 'smtp down (1)', nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(1)).toISOString() });
    // Not due yet: nothing is tried.
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 1 });
    [row] = await pending();
    expect(row?.nextAttemptAt).toBe(new Date(clock.now().getTime() + retryDelayMs(2)).toISOString());
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    clock.advance(retryDelayMs(2));
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(fake.sent).toHaveLength(1);
    expect(await pending()).toEqual([]);

    await enqueueEmail(context().database.db, { tenantId, candidateId: adaId, toAddress: ADA.email, template: 'notification', params: {}, at: clock.now().toISOString() });
    const broken = fakeTransport(Number.POSITIVE_INFINITY);
    const stubborn = createEmailSender({ repository, emails, transport: broken.transport, from: 'c', clock, log: silentLog, options: { maxAttempts: 2 } });
    await stubborn.runOnce();
    clock.advance(retryDelayMs(1));
    await stubborn.runOnce();
    const failed = await context().database.db.selectFrom('emailOutbox').selectAll().where('status', '=', 'failed').execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 2, params: '{}' });
    clock.advance(retryDelayMs(5));
    expect(await stubborn.runOnce()).toEqual({ sent: 0, failed: 0 });
  });
});

forEachDatabase('unsubscribe link and the development outbox (issue 12)', (context) => {
  let app: FastifyInstance;
  let token: string;
  let adaId: string;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    const tenantId = await tenantIdOf(context().database, ACME);
    adaId = (await context().database.db.selectFrom('candidates').select('id').where('email', '=', ADA.email).executeTakeFirstOrThrow()).id;
    token = signUnsubscribeToken(TEST_SESSION_SECRET, { tenantId, candidateId: adaId });
  });
  afterAll(() => app.close());

  const preference = async () => (await context().database.db.selectFrom('candidates').select('emailNotifications').where('id', '=', adaId).executeTakeFirstOrThrow()).emailNotifications;
  const url = (value: string) => `/api/pcsx/email/unsubscribe?token=${encodeURIComponent(value)}`;

  it('GET only asks (a link scanner changes nothing); a tampered token is refused; the one-click POST turns emails off without a session', async () => {
    const page = await app.inject({ method: 'GET', url: url(token) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(await preference()).toBe(1);

    const tampered = `${token.slice(0, -3)}abc`;
    expect((await app.inject({ method: 'POST', url: url(tampered), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    expect(await preference()).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/api/pcsx/email/unsubscribe' })).statusCode).toBe(400);

    const done = await app.inject({ method: 'POST', url: url(token), payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await preference()).toBe(0);
  });

  it('shows the tenant’s emails as they read in development, and only the tenant’s', async () => {
    const tenantId = await tenantIdOf(context().database, ACME);
    await enqueueEmail(context().database.db, { tenantId, candidateId: adaId, toAddress: ADA.email, template: 'notification', params: { categoryTitle: 'Hello', message: 'World', redirectUrl: '/careers' }, at: new Date().toISOString() });
    const visitor = new TestClient(app);
    const response = await visitor.request({ method: 'GET', url: `/api/dev/email_outbox?to=${encodeURIComponent(ADA.email)}` });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: { to: string; text: string; html: string; status: string }[] };
    expect(data[0]).toMatchObject({ to: ADA.email, status: 'pending' });
    expect(data[0]?.text).toContain('World');
    const globex = await visitor.request({ method: 'GET', url: `/api/dev/email_outbox?domain=globex.example&to=${encodeURIComponent(ADA.email)}` });
    expect((globex.json() as { data: unknown[] }).data).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('email senders in two processes on one PostgreSQL', () => {
  let context: TestDatabase;
  let tenantId: string;
  let adaId: string;
  beforeAll(async () => {
    context = await createTestDatabase('postgres');
    await seedForTests(context, 1);
    tenantId = await tenantIdOf(context.database, ACME);
    adaId = (await context.database.db.selectFrom('candidates').select('id').where('email', '=', ADA.email).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => context.destroy());
  const clearOutbox = () => context.database.db.deleteFrom('emailOutbox').execute();

  it('never hands one row to two senders at once (PostgreSQL: FOR UPDATE SKIP LOCKED)', async () => {
    await clearOutbox();
    const clock = manualClock();
    for (let index = 0; index < 30; index++) {
      await enqueueEmail(context.database.db, { tenantId, candidateId: adaId, toAddress: ADA.email, template: 'notification', params: { message: String(index) }, at: clock.now().toISOString() });
    }
    const other = openPostgres(context.url as string);
    try {
      const fake = fakeTransport();
      const senders = [context.database, other].map((database) => {
        const repository = createEmailRepository(database.db, 'postgres');
        return createEmailSender({ repository, emails: createEmailService({ repository, config: emailConfig }), transport: fake.transport, from: 'c', clock, log: silentLog, options: { batch: 5 } });
      });
      for (let round = 0; round < 4; round++) await Promise.all(senders.map((sender) => sender.runOnce()));
      expect(fake.sent).toHaveLength(30);
      expect(new Set(fake.sent.map((message) => message.text)).size).toBe(30);
    } finally {
      await other.close();
    }
  });
});

describe('the development outbox in production', () => {
  it('does not exist', async () => {
    const context = await createTestDatabase('sqlite');
    try {
      await seedForTests(context, 1);
      const { app } = await createTestApp(context, { config: { nodeEnv: 'production' } });
      expect((await app.inject({ method: 'GET', url: '/api/dev/email_outbox' })).statusCode).toBe(404);
      await app.close();
    } finally {
      await context.destroy();
    }
  });
});
