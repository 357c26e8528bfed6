import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, ADMIN, createTestApp, GRACE, HANK, manualClock, NEW_PASSWORD, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { expectJsonError } from '../search/search.fixtures';
import { FORGOT_MIN_MS, RESET_EMAILS_PER_HOUR } from './password-reset.service';

forEachDatabase('password reset (issue 12)', (context) => {
  let app: FastifyInstance;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
  });
  afterAll(() => app.close());

  const forgot = async (email: string, domain?: string) => {
    const client = new TestClient(app);
    await client.start(domain);
    const started = performance.now();
    const response = await client.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email, ...(domain ? { domain } : {}) } });
    return { response, ms: performance.now() - started };
  };
  const resetEmails = (email: string) =>
    context().database.db.selectFrom('emailOutbox').selectAll().where('toAddress', '=', email).where('template', '=', 'password_reset').orderBy('createdAt', 'desc').execute();
  /** The link as the email reads it (the development outbox renders the stored row). */
  const tokenFromEmail = async (email: string, domain?: string) => {
    const client = new TestClient(app);
    const response = await client.request({ method: 'GET', url: `/api/dev/email_outbox?to=${encodeURIComponent(email)}${domain ? `&domain=${domain}` : ''}` });
    const { data } = response.json() as { data: { template: string; text: string; html: string; subject: string }[] };
    const latest = data.find((entry) => entry.template === 'password_reset');
    expect(latest?.html).toContain('/careers/reset-password?token=');
    const match = /\/careers\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(latest?.text ?? '');
    if (!match?.[1]) throw new Error('no reset link in the email');
    return match[1];
  };
  const reset = async (token: string, password: string, domain?: string) => {
    const client = new TestClient(app);
    await client.start(domain);
    return client.request({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password, ...(domain ? { domain } : {}) } });
  };

  it('answers an unknown address exactly as a known one, in similar time, and emails only the known one', async () => {
    const known = await forgot(ADA.email);
    const unknown = await forgot('nobody-here@acme.example');
    for (const { response } of [known, unknown]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 5);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    expect(await resetEmails(ADA.email)).toHaveLength(1);
    expect(await resetEmails('nobody-here@acme.example')).toHaveLength(0);
    // Only the hash is stored.
    const token = await tokenFromEmail(ADA.email);
    const rows = await context().database.db.selectFrom('passwordResetTokens').select('tokenHash').execute();
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('sends at most a few emails per address per hour, with the same answer past the limit', async () => {
    for (let index = 0; index < RESET_EMAILS_PER_HOUR + 2; index++) expect((await forgot(GRACE.email)).response.json()).toEqual({ ok: true });
    expect(await resetEmails(GRACE.email)).toHaveLength(RESET_EMAILS_PER_HOUR);
    expectJsonError((await forgot('not an email')).response, 400);
  });

  it('resets with the emailed token, ends every session, and refuses the token a second time', async () => {
    await forgot(ADA.email);
    const token = await tokenFromEmail(ADA.email);
    const signedIn = new TestClient(app);
    expect((await signedIn.login(ADA)).statusCode).toBe(200);
    expect((await signedIn.request({ method: 'GET', url: '/api/pcsx/notification_badge' })).statusCode).toBe(200);

    expectJsonError(await reset(token, 'short'), 400);
    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expectJsonError(await signedIn.request({ method: 'GET', url: '/api/pcsx/notification_badge' }), 401);
    expect((await new TestClient(app).login(ADA)).statusCode).toBe(401);
    expect((await new TestClient(app).login({ email: ADA.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const reused = expectJsonError(await reset(token, 'another-password-1'), 400);
    expect(reused.fields?.token).toBeDefined();
    // Every other link sent before the reset is used up too.
    const adaId = (await context().database.db.selectFrom('candidates').select('id').where('email', '=', ADA.email).executeTakeFirstOrThrow()).id;
    const adaTokens = await context().database.db.selectFrom('passwordResetTokens').select('usedAt').where('candidateId', '=', adaId).execute();
    expect(adaTokens.length).toBeGreaterThanOrEqual(2);
    expect(adaTokens.filter((row) => row.usedAt === null)).toEqual([]);
  });

  it('refuses an expired token and another site’s token', async () => {
    await forgot(HANK.email, HANK.domain);
    const hankToken = await tokenFromEmail(HANK.email, HANK.domain);
    // Hank's token at acme.example (another tenant): refused, and still good at home.
    expectJsonError(await reset(hankToken, NEW_PASSWORD), 400);
    clock.advance(31 * 60_000);
    expectJsonError(await reset(hankToken, NEW_PASSWORD, HANK.domain), 400);
    expect((await new TestClient(app).login(HANK)).statusCode).toBe(200);
    expectJsonError(await reset('made-up-token', NEW_PASSWORD), 400);
  });

  it('writes the reset email in the language the visitor asked in: the page, then the saved one, then the browser’s (issue 13)', async () => {
    const db = context().database.db;
    const admin = await db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const seen = new Set((await resetEmails(ADMIN.email)).map((row) => row.id));
    const ask = async (payload: Record<string, string>, headers: Record<string, string> = {}) => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: ADMIN.email, ...payload }, headers });
      expect(response.statusCode, response.body).toBe(200);
      // The manual clock gives every row the same time: the new one is the one not seen before.
      const row = (await resetEmails(ADMIN.email)).find((candidate) => !seen.has(candidate.id));
      if (row) seen.add(row.id);
      const outbox = await client.request({ method: 'GET', url: `/api/dev/email_outbox?to=${encodeURIComponent(ADMIN.email)}` });
      const email = (outbox.json() as { data: { id: string; subject: string; text: string; html: string }[] }).data.find((entry) => entry.id === row?.id);
      return { language: row?.language, email };
    };

    // The page's language (the form sends it) wins over the browser's.
    const ja = await ask({ locale: 'ja' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(ja.language).toBe('ja');
    expect(ja.email?.subject).toMatch(/採用サイトのパスワード再設定$/);
    expect(ja.email?.text).toContain('このリンクは30分以内に1回だけ使用できます。');
    expect(ja.email?.text).toMatch(/新しいパスワードを設定：https:\/\/\S+\/careers\/reset-password\?token=/);
    expect(ja.email?.html).toContain('<html lang="ja" dir="ltr">');

    // No page language: the browser's ("de-DE" → de).
    const de = await ask({}, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(de.language).toBe('de');
    expect(de.email?.subject).toMatch(/^Setzen Sie Ihr Passwort für die Karriereseite von .+ zurück$/);
    expect(de.email?.text).toContain('Der Link funktioniert einmal, innerhalb von 30 Minuten.');

    // A saved language beats the browser's; an unknown page language is passed over.
    await db.deleteFrom('candidatePreferences').where('candidateId', '=', admin.id).execute();
    await db.insertInto('candidatePreferences').values({ candidateId: admin.id, tenantId: admin.tenantId, locale: 'ar', timeZone: null, inAppNotifications: 1, updatedAt: new Date().toISOString() }).execute();
    try {
      const ar = await ask({ locale: 'xx-unknown' }, { 'accept-language': 'de' });
      expect(ar.language).toBe('ar');
      expect(ar.email?.subject).toContain('أعِد تعيين كلمة المرور');
      expect(ar.email?.html).toContain('<html lang="ar" dir="rtl">');
    } finally {
      await db.deleteFrom('candidatePreferences').where('candidateId', '=', admin.id).execute();
    }
  });

  it('keeps emails and tokens out of the logs (T22)', async () => {
    const logs: string[] = [];
    const { app: logged, logs: lines } = await createTestApp(context(), { clock });
    try {
      const client = new TestClient(logged);
      await client.start();
      await client.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: GRACE.email } });
      await client.request({ method: 'POST', url: '/api/auth/password/reset', payload: { token: 'secret-token-value', password: NEW_PASSWORD } });
      logs.push(...lines);
    } finally {
      await logged.close();
    }
    const text = logs.join('\n');
    expect(text).toContain('/api/auth/password/forgot');
    expect(text).not.toContain(GRACE.email);
    expect(text).not.toContain('secret-token-value');
  });
});
