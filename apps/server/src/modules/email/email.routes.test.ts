import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TEST_SESSION_SECRET } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, tenantIdOf } from '../search/search.fixtures';
import { UNSUBSCRIBE_PATH } from './email.service';
import { signUnsubscribeToken } from './unsubscribe-token';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Words a guest (no account) must never be told: settings, signing in — in English and in Arabic. */
const ACCOUNT_WORDS = /settings|sign in|signing in|إعدادات|تسجيل الدخول/i;

/**
 * Issue 12 (left over): the unsubscribe page speaks the recipient's language — the candidate's saved one, the
 * guest's subscription's, the email's own, then the browser's — and the right words for a candidate's
 * notification emails or a signed-out visitor's job alert. GET only verifies and asks; POST unsubscribes.
 */
forEachDatabase('the unsubscribe page (issue 12)', (context) => {
  let app: FastifyInstance;
  let acmeId: string;
  let adaId: string;
  let graceId: string;
  let hankId: string;

  const candidateId = async (email: string) => (await context().database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const saveLanguage = async (tenantId: string, id: string, locale: string | null) => {
    const { db } = context().database;
    await db.deleteFrom('candidatePreferences').where('candidateId', '=', id).execute();
    await db.insertInto('candidatePreferences').values({ candidateId: id, tenantId, locale, timeZone: null, inAppNotifications: 1, updatedAt: new Date().toISOString() }).execute();
  };
  const guestAlert = async (locale: string) => {
    const id = randomUUID();
    const at = new Date().toISOString();
    await context()
      .database.db.insertInto('guestAlerts')
      .values({ id, tenantId: acmeId, email: `guest-${id}@example.com`, search: 'query=zymurgist', locale, tokenHash: id.replace(/-/g, ''), status: 'confirmed', createdAt: at, confirmedAt: at, unsubscribedAt: null, checkedThrough: at, lastAlertOn: null })
      .execute();
    return id;
  };
  const guestStatus = async (id: string) => (await context().database.db.selectFrom('guestAlerts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const emailsOn = async (id: string) => (await context().database.db.selectFrom('candidates').select('emailNotifications').where('id', '=', id).executeTakeFirstOrThrow()).emailNotifications;
  const token = (subject: { tenantId?: string; candidateId: string; language?: string }) => signUnsubscribeToken(TEST_SESSION_SECRET, { tenantId: acmeId, ...subject });
  const url = (value: string) => `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(value)}`;
  const get = (value: string, acceptLanguage?: string) => app.inject({ method: 'GET', url: url(value), headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  const post = (value: string, acceptLanguage?: string) =>
    app.inject({ method: 'POST', url: url(value), payload: 'List-Unsubscribe=One-Click', headers: { ...FORM, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } });
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';
  const count = (body: string, pattern: RegExp) => body.match(pattern)?.length ?? 0;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    acmeId = await tenantIdOf(context().database, ACME);
    adaId = await candidateId(ADA.email);
    graceId = await candidateId(GRACE.email);
    hankId = await candidateId(HANK.email);
  });
  afterAll(() => app.close());

  it('a French candidate gets a French page (lang="fr") with the candidate’s words, whatever the browser asks for; GET changes nothing', async () => {
    await saveLanguage(acmeId, adaId, 'fr');
    const page = await get(token({ candidateId: adaId, language: 'en' }), 'de-DE,de;q=0.9');
    expect(page.statusCode, page.body).toBe(200);
    expect(htmlTag(page.body)).toBe('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('Notifications par e-mail');
    expect(page.body).toContain('Ne plus recevoir d’e-mails pour vos notifications ?');
    expect(page.body).toContain('<button type="submit">Se désabonner</button>');
    expect(page.body).toContain('Acme Robotics');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(await emailsOn(adaId)).toBe(1);

    const done = await post(token({ candidateId: adaId }));
    expect(done.statusCode, done.body).toBe(200);
    expect(htmlTag(done.body)).toBe('<html lang="fr" dir="ltr">');
    expect(done.body).toContain('Vous ne recevrez plus d’e-mails de notification. Vous pouvez les réactiver dans vos paramètres.');
    expect(await emailsOn(adaId)).toBe(0);
  });

  it('with no saved language: the email’s language the token carries, else the browser’s among the locales, else the default', async () => {
    await saveLanguage(acmeId, graceId, null);
    expect(htmlTag((await get(token({ candidateId: graceId, language: 'ja' }), 'de')).body)).toBe('<html lang="ja" dir="ltr">');
    const browser = await get(token({ candidateId: graceId }), 'xx-YY, pt-br;q=0.8, de;q=0.5');
    expect(htmlTag(browser.body)).toBe('<html lang="pt-BR" dir="ltr">');
    expect(browser.body).toContain('Notificações por e-mail');
    const plain = await get(token({ candidateId: graceId }));
    expect(htmlTag(plain.body)).toBe('<html lang="en" dir="ltr">');
    expect(plain.body).toContain('Stop emails about your notifications? You will still see them on the site when you sign in.');
    expect(await emailsOn(graceId)).toBe(1);
  });

  it('an Arabic guest’s page is right to left, speaks of the job alert and never of settings or signing in; GET leaves the alert on', async () => {
    const id = await guestAlert('ar');
    const value = token({ candidateId: `guest:${id}`, language: 'en' });
    const page = await get(value, 'en');
    expect(page.statusCode, page.body).toBe(200);
    expect(htmlTag(page.body)).toBe('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('هل تريد إيقاف تنبيه الوظائف هذا؟');
    expect(page.body).not.toMatch(ACCOUNT_WORDS);
    expect(await guestStatus(id)).toBe('confirmed');

    const done = await post(value);
    expect(done.statusCode).toBe(200);
    expect(htmlTag(done.body)).toBe('<html lang="ar" dir="rtl">');
    expect(done.body).toContain('تم إيقاف تنبيه الوظائف هذا.');
    expect(done.body).not.toMatch(ACCOUNT_WORDS);
    expect(await guestStatus(id)).toBe('unsubscribed');
  });

  it('an English guest is asked to stop this job alert and told it is off: no settings, no sign-in, one h1 and a real button', async () => {
    const id = await guestAlert('en');
    const value = token({ candidateId: `guest:${id}` });
    const page = await get(value);
    expect(page.body).toContain('<h1>Job alert</h1>');
    expect(page.body).toContain('Stop this job alert? You will no longer receive emails about new jobs matching it.');
    expect(page.body).not.toMatch(ACCOUNT_WORDS);
    expect(count(page.body, /<h1[\s>]/g)).toBe(1);
    expect(page.body).toMatch(/<form method="post" action="[^"]+"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe<\/button><\/form>/);
    expect(page.body).toContain(':focus-visible{outline:');
    // Self-contained: no script, stylesheet, image or font from anywhere.
    expect(page.body).not.toMatch(/<script|<link|<img|src=|url\(/i);
    expect(await guestStatus(id)).toBe('confirmed');

    const done = await post(value);
    expect(done.body).toContain('This job alert is off. You will receive no more emails about it.');
    expect(done.body).not.toMatch(ACCOUNT_WORDS);
    expect(await guestStatus(id)).toBe('unsubscribed');
    // Again: still done (idempotent), never an error.
    expect((await post(value)).statusCode).toBe(200);
  });

  it('a link that is not genuine, or names no one on its tenant, is a 404 page in the browser’s language that tells no one to sign in; nothing changes', async () => {
    await saveLanguage(acmeId, graceId, 'de');
    const genuine = token({ candidateId: graceId });
    const tampered = `${genuine.slice(0, -3)}abc`;
    const foreign = token({ candidateId: hankId, language: 'de' }); // Globex's candidate under Acme's tenant id
    const unknownGuest = token({ candidateId: `guest:${randomUUID()}`, language: 'de' });
    const otherTenant = token({ tenantId: await tenantIdOf(context().database, GLOBEX), candidateId: graceId });
    for (const value of [tampered, foreign, unknownGuest, otherTenant, 'not-a-token']) {
      for (const send of [get, post]) {
        const page = await send(value, 'fr-CA,fr;q=0.9');
        expect(page.statusCode, value).toBe(404);
        expect(htmlTag(page.body)).toBe('<html lang="fr-CA" dir="ltr">');
        expect(page.body).toContain('<h1>Lien non valide</h1>');
        expect(page.body).toContain('Ce lien n’est pas valide ou a expiré.');
        expect(page.body).not.toContain('<form');
      }
    }
    const hebrew = await get(tampered, 'he');
    expect(htmlTag(hebrew.body)).toBe('<html lang="he" dir="rtl">');
    expect(hebrew.body).toContain('הקישור הזה אינו תקף או שפג תוקפו.');
    expect((await get(tampered)).body).toContain('This link is not valid or has expired.');
    expect((await get(tampered)).body).not.toMatch(ACCOUNT_WORDS);
    expect(await emailsOn(graceId)).toBe(1);
    expect(await emailsOn(hankId)).toBe(1);
  });
});
