import { GUEST_ALERTS_PER_EMAIL } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { createTenantForTests, createTestApp, manualClock, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { UNSUBSCRIBE_PATH } from '../email/email.service';
import { createPositionWritesService } from '../positions/position-writes.service';
import { positionInput } from '../positions/position-input.test-support';
import { createPositionsChangeBus } from '../positions/positions-changes';
import { createPositionsRepository } from '../positions/positions.repository';
import { ACME, GLOBEX, tenantIdOf } from '../search/search.fixtures';
import { createSearchRepository } from '../search/search.repository';
import { createSearchService } from '../search/search.service';
import { createTenantsRepository } from '../tenants/tenants.repository';
import { createTenantsService } from '../tenants/tenants.service';
import { createJobAlertsRepository } from './job-alerts.repository';
import { createJobAlertsService, JOB_ALERTS_LAG_MS } from './job-alerts.service';

const PATH = '/api/pcsx/guest_alerts';
const CONFIRM = '/careers/alerts/confirm';
const OTHER = 'alerts-two.example';
const DAY_MS = 86_400_000;

/**
 * Issue 12 "alerts for signed-out visitors" (spec §3 loggedOutNotificationConfig): double opt-in job alerts
 * with just an email; one confirmation email, confirmed by POST only, swept like candidates' alerts.
 */
forEachDatabase('guest job alerts (issue 12)', (context) => {
  const clock = manualClock(new Date('2025-03-10T09:00:00.000Z'));
  let app: FastifyInstance;
  let visitor: TestClient;
  let n = 0;
  const address = (prefix = 'guest') => `${prefix}-${(n += 1)}@Example.com`;

  const subscribe = (email: string, extra: Record<string, unknown> = {}, client = visitor, domain = ACME) =>
    client.request({ method: 'POST', url: `${PATH}?domain=${domain}`, payload: { email, search: 'query=zymurgist', consent: true, ...extra } });
  const outbox = async (to: string, domain = ACME) => {
    const response = await visitor.request({ method: 'GET', url: `/api/dev/email_outbox?domain=${domain}&to=${encodeURIComponent(to.toLowerCase())}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { template: string; subject: string; text: string; html: string; listUnsubscribe: string | null }[] }).data;
  };
  const rows = (email: string) => context().database.db.selectFrom('guestAlerts').selectAll().where('email', '=', email.toLowerCase()).orderBy('createdAt').execute();
  const tokenIn = (text: string) => {
    const url = /https?:\/\/\S+\/careers\/alerts\/confirm\?\S+/.exec(text)?.[0];
    expect(url).toBeDefined();
    return new URL(url as string).searchParams.get('token') as string;
  };
  const confirmPost = (token: string, domain = ACME, client = visitor) =>
    client.request({ method: 'POST', url: `${CONFIRM}?domain=${domain}`, payload: { token } });
  const subscribeAndToken = async (email: string, extra: Record<string, unknown> = {}) => {
    expect((await subscribe(email, extra)).statusCode).toBe(202);
    const [confirmation] = await outbox(email);
    return tokenIn(confirmation?.text ?? '');
  };

  beforeAll(async () => {
    await seedForTests(context(), 10);
    await createTenantForTests(context(), { id: 'tenant-alerts-two', domain: OTHER, isDefault: false, config: ACME_CONFIG });
    ({ app } = await createTestApp(context(), { clock, rateLimits: { guestAlertsPerAddressPerHour: 1000 } }));
    visitor = new TestClient(app);
    await visitor.start(ACME);
  }, 60_000);
  afterAll(() => app.close());

  it('subscribing stores a pending alert and queues one confirmation email in the visitor’s language, nothing else', async () => {
    const email = address();
    const response = await subscribe(email, { locale: 'de' });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    const [row, ...more] = await rows(email);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ email: email.toLowerCase(), search: 'query=zymurgist', locale: 'de', status: 'pending', confirmedAt: null });
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const emails = await outbox(email);
    expect(emails.map((sent) => sent.template)).toEqual(['guest_alert_confirm']);
    expect(emails[0]?.subject).toBe('Bestätigen Sie Ihre Jobalarme von Acme Robotics');
    expect(emails[0]?.html).toContain('lang="de"');
    // The email carries the token, the table only its hash.
    expect(row?.tokenHash).not.toBe(tokenIn(emails[0]?.text ?? ''));
  });

  it('consent and a valid email are required (400); the answer is the same 202 whether the address has alerts or not', async () => {
    expect((await subscribe(address(), { consent: false })).statusCode).toBe(400);
    expect((await visitor.request({ method: 'POST', url: PATH, payload: { email: address(), search: 'query=x' } })).statusCode).toBe(400);
    expect((await subscribe('not-an-email')).statusCode).toBe(400);
    const email = address();
    const first = await subscribe(email);
    const again = await subscribe(email);
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.body).toBe(first.body);
    // Still one row: the second subscribe re-sent the link for the same pending alert.
    expect(await rows(email)).toHaveLength(1);
  });

  it('the link opens a page that changes nothing (scanners prefetch links); only its POST confirms', async () => {
    const email = address();
    const token = await subscribeAndToken(email, { locale: 'fr' });
    const page = await visitor.request({ method: 'GET', url: `${CONFIRM}?domain=${ACME}&token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('<h1>Alertes emploi</h1>');
    expect(page.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(page.body).toContain('<p class="brand">Acme Robotics</p>');
    expect((await rows(email))[0]?.status).toBe('pending');
    // The page's form posts the token and the CSRF field.
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await visitor.request({
      method: 'POST',
      url: `${CONFIRM}?domain=${ACME}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf_token: csrf, token }).toString(),
      withCsrf: false,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [row] = await rows(email);
    expect(row).toMatchObject({ status: 'confirmed' });
    expect(row?.confirmedAt).not.toBeNull();
    // Twice: still fine; a made-up token: 404.
    expect((await confirmPost(token)).statusCode).toBe(200);
    expect((await confirmPost('made-up-token')).statusCode).toBe(404);
  });

  it('a token expires after 7 days and then no longer counts toward the limit', async () => {
    const email = address();
    const token = await subscribeAndToken(email);
    clock.advance(7 * DAY_MS + 1000);
    expect((await confirmPost(token)).statusCode).toBe(404);
    expect((await rows(email))[0]?.status).toBe('pending');
    // Expired: subscribing to the same search again makes a new pending alert.
    expect((await subscribe(email)).statusCode).toBe(202);
    expect((await rows(email)).length).toBe(2);
  });

  it(`at most ${GUEST_ALERTS_PER_EMAIL} alerts per address: more answer 202 and store and send nothing`, async () => {
    const email = address('limit');
    for (let index = 0; index < GUEST_ALERTS_PER_EMAIL + 2; index += 1) {
      expect((await subscribe(email, { search: `query=role${index}` })).statusCode).toBe(202);
    }
    expect(await rows(email)).toHaveLength(GUEST_ALERTS_PER_EMAIL);
    expect(await outbox(email)).toHaveLength(GUEST_ALERTS_PER_EMAIL);
  });

  it(`the cap holds when subscribes for one address race: at most ${GUEST_ALERTS_PER_EMAIL} alerts and emails, every answer the same 202`, async () => {
    const email = address('race');
    const answers = await Promise.all(Array.from({ length: GUEST_ALERTS_PER_EMAIL * 3 }, (_, index) => subscribe(email, { search: `query=racer${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    const stored = await rows(email);
    expect(stored).toHaveLength(GUEST_ALERTS_PER_EMAIL);
    expect(new Set(stored.map((row) => row.search)).size).toBe(GUEST_ALERTS_PER_EMAIL);
    expect(await outbox(email)).toHaveLength(GUEST_ALERTS_PER_EMAIL);
    // One search raced against itself is one alert, not several.
    const same = address('race-same');
    await Promise.all(Array.from({ length: 6 }, () => subscribe(same)));
    expect(await rows(same)).toHaveLength(1);
  });

  it('the subscribe call is rate limited per address (429), whatever the client address', async () => {
    const { app: limited } = await createTestApp(context(), { clock, rateLimits: { guestAlertsPerAddressPerHour: 2 } });
    try {
      const email = address('rate');
      const statuses: number[] = [];
      for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        const client = new TestClient(limited, ip);
        await client.start(ACME);
        statuses.push((await subscribe(email, { search: `query=${ip}` }, client)).statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
      const other = new TestClient(limited, '10.0.0.4');
      await other.start(ACME);
      expect((await subscribe(address('rate'), {}, other)).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('where the tenant does not offer them: 404 and nothing stored', async () => {
    const globex = new TestClient(app);
    await globex.start(GLOBEX);
    const email = address('globex');
    const response = await subscribe(email, {}, globex, GLOBEX);
    expect(response.statusCode).toBe(404);
    expect(await rows(email)).toHaveLength(0);
  });

  it('a token of one tenant does nothing on another', async () => {
    const email = address('tenant');
    const token = await subscribeAndToken(email);
    const other = new TestClient(app);
    await other.start(OTHER);
    expect((await confirmPost(token, OTHER, other)).statusCode).toBe(404);
    expect((await rows(email))[0]?.status).toBe('pending');
    expect((await confirmPost(token)).statusCode).toBe(200);
  });

  it('the sweep emails a confirmed guest once for a new matching job (none to a pending one); unsubscribe stops it', async () => {
    const search = 'query=cellarmaster';
    const confirmedEmail = address('sweep');
    const pendingEmail = address('pending');
    const token = await subscribeAndToken(confirmedEmail, { search, locale: 'es' });
    expect((await confirmPost(token)).statusCode).toBe(200);
    expect((await subscribe(pendingEmail, { search })).statusCode).toBe(202);

    const { database } = context();
    const tenants = createTenantsService({ repository: createTenantsRepository(database.db), clock: systemClock, sanitizer: testHtmlSanitizer });
    const sweep = createJobAlertsService({
      repository: createJobAlertsRepository(database),
      search: createSearchService({ repository: createSearchRepository(database.db, database.dialect), positions: createPositionsRepository(database.db), dialect: database.dialect, clock }),
      tenants,
      clock,
    });
    const writes = createPositionWritesService({ database, bus: createPositionsChangeBus(), clock });
    clock.advance(1000);
    await writes.upsertPosition(await tenantIdOf(database, ACME), positionInput('guest-cellar-1', { title: 'Cellarmaster' }));
    clock.advance(JOB_ALERTS_LAG_MS + 1000);
    await sweep.runOnce();
    await sweep.runOnce();
    // Pending alerts past their 7 days (the expiry test's) are gone; the fresh pending one stays.
    const stale = await database.db.selectFrom('guestAlerts').select('id').where('status', '=', 'pending').where('createdAt', '<=', new Date(clock.now().getTime() - 7 * DAY_MS).toISOString()).execute();
    expect(stale).toHaveLength(0);
    expect((await rows(pendingEmail))[0]?.status).toBe('pending');

    const sent = (await outbox(confirmedEmail)).filter((email) => email.template === 'guest_alert');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.html).toContain('lang="es"');
    expect(sent[0]?.text).toContain('/careers?query=cellarmaster');
    expect(sent[0]?.listUnsubscribe).toContain(UNSUBSCRIBE_PATH);
    expect((await outbox(pendingEmail)).filter((email) => email.template === 'guest_alert')).toHaveLength(0);
    // No in-app notification: there is no account.
    expect(await database.db.selectFrom('notifications').select('id').where('createdAt', '>=', clock.now().toISOString().slice(0, 10)).where('message', 'like', '%cellarmaster%').execute()).toHaveLength(0);

    // RFC 8058 one-click unsubscribe marks the row unsubscribed; the next day's match sends nothing.
    const unsubscribeUrl = new URL(sent[0]?.listUnsubscribe ?? '');
    const unsubscribed = await app.inject({ method: 'POST', url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect((await rows(confirmedEmail))[0]).toMatchObject({ status: 'unsubscribed' });
    clock.advance(DAY_MS);
    await writes.upsertPosition(await tenantIdOf(database, ACME), positionInput('guest-cellar-2', { title: 'Head cellarmaster' }));
    clock.advance(JOB_ALERTS_LAG_MS + 1000);
    await sweep.runOnce();
    expect((await outbox(confirmedEmail)).filter((email) => email.template === 'guest_alert')).toHaveLength(1);
  });
});
