import { createHash } from 'node:crypto';
import { BootDataSchema, DataExportResponseSchema, DeleteAccountResponseSchema, offerApiPaths, PreferencesResponseSchema, type DataExport } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/databases';
import { ADA, createTestApp, GRACE, HANK, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { candidateIdOf, fileEntry, freshAcmePositions, PDF_BYTES, validAnswers } from '../applications/applications.test-support';
import { createNotification } from '../notifications/notifications.producer';
import { insertTestOffer } from '../offers/offers.test-support';
import { expectJsonError } from '../search/search.fixtures';
import { deletedAccountEmail } from '../auth/account.personal-data';

const PREFERENCES = '/api/account/preferences';

/** A job alert the same address subscribed to while signed out (issue 12): no account links it, the email does. */
async function insertGuestAlert(context: TestDatabase, email: string, tenantDomain = 'acme.example'): Promise<string> {
  const { db } = context.database;
  const tenant = await db.selectFrom('tenants').select('id').where('domain', '=', tenantDomain).executeTakeFirstOrThrow();
  const id = `guest-${createHash('sha256').update(`${email}:${tenantDomain}:${Math.random()}`).digest('hex').slice(0, 16)}`;
  const at = '2025-03-01T09:00:00.000Z';
  await db
    .insertInto('guestAlerts')
    .values({ id, tenantId: tenant.id, email, search: 'query=robot', locale: 'en', tokenHash: createHash('sha256').update(id).digest('hex'), status: 'confirmed', createdAt: at, confirmedAt: at, unsubscribedAt: null, checkedThrough: at, lastAlertOn: null })
    .execute();
  return id;
}
const EXPORT = '/api/account/data_export';
const DELETE = '/api/account/delete';

/** Every table holding a candidate's rows, counted for one candidate (or, for throttle/outbox, their address). */
async function rowsOf(context: TestDatabase, candidateId: string, email: string) {
  const { db } = context.database;
  const count = async (rows: Promise<readonly unknown[]>) => (await rows).length;
  const offers = db.selectFrom('offers').select('id').where('candidateId', '=', candidateId);
  const applications = db.selectFrom('applications').select('id').where('candidateId', '=', candidateId);
  return {
    sessions: await count(db.selectFrom('sessions').selectAll().where('candidateId', '=', candidateId).execute()),
    preferences: await count(db.selectFrom('candidatePreferences').selectAll().where('candidateId', '=', candidateId).execute()),
    dataExports: await count(db.selectFrom('dataExports').selectAll().where('candidateId', '=', candidateId).execute()),
    savedJobs: await count(db.selectFrom('savedPositions').selectAll().where('candidateId', '=', candidateId).execute()),
    cart: await count(db.selectFrom('jobCartItems').selectAll().where('candidateId', '=', candidateId).execute()),
    drafts: await count(db.selectFrom('draftApplications').selectAll().where('candidateId', '=', candidateId).execute()),
    formRequests: await count(db.selectFrom('formRequests').selectAll().where('candidateId', '=', candidateId).execute()),
    notifications: await count(db.selectFrom('notifications').selectAll().where('candidateId', '=', candidateId).execute()),
    emails: await count(db.selectFrom('emailOutbox').selectAll().where((eb) => eb.or([eb('candidateId', '=', candidateId), eb('toAddress', '=', email)])).execute()),
    applications: await count(db.selectFrom('applications').selectAll().where('candidateId', '=', candidateId).execute()),
    applicationFiles: await count(db.selectFrom('applicationFiles').selectAll().where('applicationId', 'in', applications).execute()),
    uploadedFiles: await count(db.selectFrom('uploadedFiles').selectAll().where('candidateId', '=', candidateId).execute()),
    offers: await count(db.selectFrom('offers').selectAll().where('candidateId', '=', candidateId).execute()),
    offerDocuments: await count(db.selectFrom('offerDocuments').selectAll().where('offerId', 'in', offers).execute()),
    offerEvents: await count(db.selectFrom('offerEvents').selectAll().where('candidateId', '=', candidateId).execute()),
    esignTokens: await count(db.selectFrom('esignTokens').selectAll().where('candidateId', '=', candidateId).execute()),
    candidatesWithEmail: await count(db.selectFrom('candidates').selectAll().where('email', '=', email).execute()),
  };
}

forEachDatabase('settings and their own data (issue 11, issue 13 locale choice)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;

  const waitForExport = async (client: TestClient): Promise<DataExport> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await client.request({ method: 'GET', url: EXPORT });
      expect(response.statusCode, response.body).toBe(200);
      const current = DataExportResponseSchema.parse(response.json()).export;
      if (current && current.status !== 'pending' && current.status !== 'running') return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export never finished');
  };

  beforeAll(async () => {
    // Enough positions that a new account finds some nobody has applied to, saved or carted yet.
    await seedForTests(context(), 24);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
    hank = new TestClient(app);
    await hank.login(HANK);
  });
  afterAll(() => app.close());

  describe('preferences', () => {
    it('answers the defaults before anything is saved, and 401 signed out', async () => {
      const response = await grace.request({ method: 'GET', url: PREFERENCES });
      expect(response.statusCode, response.body).toBe(200);
      expect(PreferencesResponseSchema.parse(response.json()).preferences).toEqual({ locale: null, timeZone: null, emailNotifications: true, inAppNotifications: true });
      const visitor = new TestClient(app);
      await visitor.start();
      expect((await visitor.request({ method: 'GET', url: PREFERENCES })).statusCode).toBe(401);
      expect((await visitor.request({ method: 'POST', url: PREFERENCES, payload: { locale: 'de' } })).statusCode).toBe(401);
    });

    it('saves language, time zone and both notification choices in one write; only Ada’s', async () => {
      const graceBefore = (await grace.request({ method: 'GET', url: PREFERENCES })).json();
      const response = await ada.request({ method: 'POST', url: PREFERENCES, payload: { locale: 'ar', timeZone: 'Asia/Tokyo', emailNotifications: false, inAppNotifications: false } });
      expect(response.statusCode, response.body).toBe(200);
      expect(PreferencesResponseSchema.parse(response.json()).preferences).toEqual({ locale: 'ar', timeZone: 'Asia/Tokyo', emailNotifications: false, inAppNotifications: false });
      const { db } = context().database;
      const adaId = await candidateIdOf(context().database, ADA.email);
      expect((await db.selectFrom('candidates').select('emailNotifications').where('id', '=', adaId).executeTakeFirstOrThrow()).emailNotifications).toBe(0);
      // A partial update keeps the rest.
      const partial = await ada.request({ method: 'POST', url: PREFERENCES, payload: { emailNotifications: true } });
      expect(PreferencesResponseSchema.parse(partial.json()).preferences).toEqual({ locale: 'ar', timeZone: 'Asia/Tokyo', emailNotifications: true, inAppNotifications: false });
      expect((await grace.request({ method: 'GET', url: PREFERENCES })).json()).toEqual(graceBefore);
    });

    it('refuses an unknown language or zone with a field error and changes nothing', async () => {
      const { db } = context().database;
      const before = JSON.stringify(await db.selectFrom('candidatePreferences').selectAll().orderBy('candidateId').execute());
      for (const [payload, field] of [
        [{ locale: 'xx' }, 'locale'],
        [{ locale: 'en-GB' }, 'locale'],
        [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
        [{ timeZone: 'Europe/London\u0000' }, 'timeZone'],
        [{ locale: 'de', timeZone: 'Nowhere/Town' }, 'timeZone'],
        [{ emailNotifications: 'yes' }, 'emailNotifications'],
        [{ locale: 'de', isAdmin: true }, '_'],
      ] as const) {
        const response = await ada.request({ method: 'POST', url: PREFERENCES, payload });
        expectJsonError(response, 400);
        const body = response.json() as { error: { fields?: Record<string, string> } };
        expect(Object.keys(body.error.fields ?? {}), JSON.stringify(payload)).toContain(field);
      }
      expect(JSON.stringify(await db.selectFrom('candidatePreferences').selectAll().orderBy('candidateId').execute())).toBe(before);
    });

    it('in-app off leaves out informational notifications but not those asking to act', async () => {
      const { db } = context().database;
      const adaId = await candidateIdOf(context().database, ADA.email);
      const { tenantId } = await db.selectFrom('candidates').select('tenantId').where('id', '=', adaId).executeTakeFirstOrThrow();
      const count = async () => Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('candidateId', '=', adaId).executeTakeFirstOrThrow()).n);
      const before = await count();
      const base = { tenantId, candidateId: adaId, categoryTitle: 'Update', message: 'Something happened', messageKey: 'notifications.test', redirectUrl: '/careers/offers', email: false };
      await db.transaction().execute((trx) => createNotification(trx, { ...base, notificationType: 'read_only' }));
      expect(await count()).toBe(before);
      await db.transaction().execute((trx) => createNotification(trx, { ...base, notificationType: 'action_required' }));
      expect(await count()).toBe(before + 1);
    });
  });

  describe('locale choice (issue 13): hl, then the saved preference, then Accept-Language, then the default', () => {
    const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0] ?? '';

    it('renders <html lang dir> from the first byte in the negotiated order', async () => {
      const visitor = new TestClient(app);
      const page = async (client: TestClient, url: string, acceptLanguage?: string) => {
        const response = await client.request({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
        expect(response.statusCode).toBe(200);
        return response;
      };
      expect(htmlTag((await page(visitor, '/careers')).body)).toBe('<html lang="en" dir="ltr">');
      expect(htmlTag((await page(visitor, '/careers?hl=ar')).body)).toBe('<html lang="ar" dir="rtl">');
      expect(htmlTag((await page(visitor, '/careers?hl=he')).body)).toBe('<html lang="he" dir="rtl">');
      expect(htmlTag((await page(visitor, '/careers?hl=fr-ca')).body)).toBe('<html lang="fr-CA" dir="ltr">');
      expect(htmlTag((await page(visitor, '/careers', 'de-AT,de;q=0.9,en;q=0.5')).body)).toBe('<html lang="de" dir="ltr">');
      expect(htmlTag((await page(visitor, '/careers', 'xx, ja;q=0.4, ko;q=0.8')).body)).toBe('<html lang="ko" dir="ltr">');
      expect(htmlTag((await page(visitor, '/careers?hl=ja', 'de')).body)).toBe('<html lang="ja" dir="ltr">');
      // An hl that is no language of ours is passed over, never echoed into the page.
      const hostile = await page(visitor, `/careers?hl=${encodeURIComponent('"><script>alert(1)</script>')}`, 'pl');
      expect(htmlTag(hostile.body)).toBe('<html lang="pl" dir="ltr">');
      expect(hostile.body).not.toContain('<script>alert(1)');
      expect(hostile.headers.vary).toContain('Accept-Language');
    });

    it('uses the signed-in candidate’s saved language over Accept-Language, hl over both, and carries the time zone', async () => {
      await ada.request({ method: 'POST', url: PREFERENCES, payload: { locale: 'ar', timeZone: 'Asia/Tokyo' } });
      const saved = await ada.request({ method: 'GET', url: '/careers/settings', headers: { 'accept-language': 'de' } });
      expect(htmlTag(saved.body)).toBe('<html lang="ar" dir="rtl">');
      const boot = BootDataSchema.parse(JSON.parse(/<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/.exec(saved.body)?.[1] ?? 'null'));
      expect(boot.userStore.preferences).toMatchObject({ locale: 'ar', timeZone: 'Asia/Tokyo' });
      const withHl = await ada.request({ method: 'GET', url: '/careers/settings?hl=ja', headers: { 'accept-language': 'de' } });
      expect(htmlTag(withHl.body)).toBe('<html lang="ja" dir="ltr">');
      // Grace has saved nothing: her browser's language.
      const graceHtml = await grace.request({ method: 'GET', url: '/careers/settings', headers: { 'accept-language': 'de' } });
      expect(htmlTag(graceHtml.body)).toBe('<html lang="de" dir="ltr">');
      await ada.request({ method: 'POST', url: PREFERENCES, payload: { locale: null } });
    });

    it('keeps a separate shared page per negotiated language (the page-cache key holds the locale)', async () => {
      const visitor = new TestClient(app);
      const url = '/careers?query=cache-locale-check';
      const get = (acceptLanguage: string) => visitor.request({ method: 'GET', url, headers: { 'accept-language': acceptLanguage } });
      const first = await get('nl');
      expect(htmlTag(first.body)).toBe('<html lang="nl" dir="ltr">');
      const again = await get('nl');
      expect(again.headers['x-ssr']).toBe('cached');
      expect(htmlTag(again.body)).toBe('<html lang="nl" dir="ltr">');
      const other = await get('he');
      expect(other.headers['x-ssr']).not.toBe('cached');
      expect(htmlTag(other.body)).toBe('<html lang="he" dir="rtl">');
    });
  });

  describe('download all my data', () => {
    it('builds the archive in the background: every section, files byte for byte as stored', async () => {
      const guestAlertId = await insertGuestAlert(context(), ADA.email);
      const started = await ada.request({ method: 'POST', url: EXPORT });
      expect(started.statusCode, started.body).toBe(202);
      const job = DataExportResponseSchema.parse(started.json()).export;
      expect(job?.status).toBe('pending');
      // A second press while it runs is the same job.
      const twice = DataExportResponseSchema.parse((await ada.request({ method: 'POST', url: EXPORT })).json()).export;
      expect(twice?.id).toBe(job?.id);

      const ready = await waitForExport(ada);
      expect(ready).toMatchObject({ id: job?.id, status: 'ready', progress: 100 });
      expect(ready.downloadUrl).toBe(`${EXPORT}/${ready.id}/download`);
      expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '')).toBe(24 * 60 * 60 * 1000);

      const download = await ada.request({ method: 'GET', url: ready.downloadUrl ?? '' });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['cache-control']).toContain('no-store');
      expect(download.rawPayload.byteLength).toBe(ready.size);

      const zip = await JSZip.loadAsync(download.rawPayload);
      const data = JSON.parse(await zip.file('data.json')!.async('string')) as Record<string, unknown>;
      for (const section of ['account', 'preferences', 'sessions', 'savedJobs', 'jobCart', 'applications', 'drafts', 'formRequests', 'offers', 'notifications', 'emails', 'guestAlerts', 'dataExports', 'profile', 'resume']) {
        expect(data, section).toHaveProperty(section);
      }
      // The job alerts Ada's address has as a signed-out visitor, never their token hash.
      expect(data.guestAlerts).toEqual([expect.objectContaining({ id: guestAlertId, email: ADA.email, search: 'query=robot', status: 'confirmed' })]);
      expect(JSON.stringify(data.guestAlerts)).not.toContain('tokenHash');
      expect((data.account as { email: string }).email).toBe(ADA.email);
      expect((data.sessions as { devices: unknown[] }).devices.length).toBeGreaterThan(0);
      expect(Array.isArray(data.jobCart)).toBe(true);
      for (const section of ['savedJobs', 'applications', 'offers', 'notifications', 'formRequests'] as const) {
        expect((data[section] as unknown[]).length, section).toBeGreaterThan(0);
      }
      // Nothing of Grace's.
      expect(JSON.stringify(data)).not.toContain(GRACE.email);

      // Every stored offer file of Ada's is in the zip, byte for byte.
      const { db } = context().database;
      const adaId = await candidateIdOf(context().database, ADA.email);
      const documents = await db
        .selectFrom('offerDocuments')
        .innerJoin('offers', 'offers.id', 'offerDocuments.offerId')
        .select(['offerDocuments.id', 'offerDocuments.offerId', 'offerDocuments.originalPdf', 'offerDocuments.signedPdf'])
        .where('offers.candidateId', '=', adaId)
        .execute();
      const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
      let compared = 0;
      for (const document of documents) {
        for (const [kind, bytes] of [['original', document.originalPdf], ['signed', document.signedPdf]] as const) {
          if (!bytes) continue;
          const entry = zip.file(`files/offers/${document.offerId}/${document.id}-${kind}.pdf`);
          expect(entry, `${document.id} ${kind}`).not.toBeNull();
          expect(sha(await entry!.async('uint8array'))).toBe(sha(bytes));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(1);
      // Every other stored file of Ada's too: her applications' files, and her resume (seeded for the demo).
      const resume = await db.selectFrom('candidateResumes').select('fileId').where('candidateId', '=', adaId).executeTakeFirst();
      const storedFiles = await db
        .selectFrom('uploadedFiles')
        .select(['id', 'bytes'])
        .where('candidateId', '=', adaId)
        .execute();
      expect(resume).toBeDefined();
      for (const file of storedFiles) {
        const folder = file.id === resume?.fileId ? 'files/resume/' : `files/applications/${file.id}-`;
        const entry = Object.keys(zip.files).find((name) => name.startsWith(folder));
        expect(entry, file.id).toBeDefined();
        expect(sha(await zip.file(entry!)!.async('uint8array'))).toBe(sha(file.bytes));
      }
    });

    it('T01: only the owner downloads it — Grace, a globex candidate and a visitor get 404/401', async () => {
      const ready = await waitForExport(ada);
      const url = ready.downloadUrl ?? '';
      expectJsonError(await grace.request({ method: 'GET', url }), 404);
      expectJsonError(await hank.request({ method: 'GET', url: `${url}?domain=globex.example` }), 404);
      const visitor = new TestClient(app);
      await visitor.start();
      expectJsonError(await visitor.request({ method: 'GET', url }), 401);
      // Grace's own status never shows Ada's job.
      const graceExport = DataExportResponseSchema.parse((await grace.request({ method: 'GET', url: EXPORT })).json()).export;
      expect(graceExport?.id).not.toBe(ready.id);
      expectJsonError(await ada.request({ method: 'GET', url: `${EXPORT}/not-a-job/download` }), 404);
      // Ids that are no UUID are no export, answered before the database sees them (the fuzz's 500 on PostgreSQL).
      for (const id of ['x'.repeat(10_000), '%E2%80%AE%F0%9F%92%A5', `${ready.id}%20`]) {
        expectJsonError(await ada.request({ method: 'GET', url: `${EXPORT}/${id}/download` }), 404);
      }
    });
  });

  describe('delete my account', () => {
    /** A new account with something in every section, signed in on two devices. */
    async function accountWithData() {
      const email = uniqueEmail('leaving');
      const client = new TestClient(app);
      expect((await client.signup({ email, password: NEW_PASSWORD, firstName: 'Lea', lastName: 'Ving' })).statusCode).toBe(201);
      const phone = new TestClient(app, '10.0.0.2');
      expect((await phone.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
      const database = context().database;
      const candidateId = await candidateIdOf(database, email);
      const { plain } = await freshAcmePositions(database);
      const [saved, carted, applied, drafted] = plain;
      const save = await client.request({ method: 'POST', url: '/api/pcsx/positions/saved', payload: { position_id: String(saved), action: 'save' } });
      expect(save.statusCode, `${save.body} ${plain.join(',')}`).toBeLessThan(300);
      expect((await client.request({ method: 'POST', url: '/api/pcsx/job_cart', payload: { pids: [String(carted)], operation: 'add' } })).statusCode).toBeLessThan(300);
      const apply = await client.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [applied], values: validAnswers({ email, resume: [fileEntry('cv.pdf', PDF_BYTES)] }) } });
      expect(apply.statusCode, apply.body).toBeLessThan(300);
      expect((await client.request({ method: 'PUT', url: '/api/pcsx/draft_applications', payload: { position_ids: [drafted], values: { first_name: 'Lea' } } })).statusCode).toBeLessThan(300);
      expect((await client.request({ method: 'POST', url: PREFERENCES, payload: { locale: 'de', timeZone: 'Europe/Berlin' } })).statusCode).toBe(200);
      const declined = await insertTestOffer(database, { email, expiresAt: null });
      const unacted = await insertTestOffer(database, { email, expiresAt: null });
      const decline = await client.request({ method: 'POST', url: offerApiPaths.decline(declined.offerId), payload: { reason_code: 'other', reason_text: 'Staying put' } });
      expect(decline.statusCode, decline.body).toBe(200);
      // A notification, emailed too (an outbox row to the address).
      const { tenantId } = await database.db.selectFrom('candidates').select('tenantId').where('id', '=', candidateId).executeTakeFirstOrThrow();
      await database.db.transaction().execute((trx) =>
        createNotification(trx, { tenantId, candidateId, notificationType: 'read_only', categoryTitle: 'Update', message: 'Hello', messageKey: 'notifications.test', redirectUrl: '/careers/offers' }),
      );
      return { email, client, phone, candidateId, declinedOfferId: declined.offerId, unactedOfferId: unacted.offerId };
    }

    it('refuses a wrong confirmation and changes nothing', async () => {
      const { email, client, candidateId } = await accountWithData();
      const before = await rowsOf(context(), candidateId, email);
      for (const confirmation of ['', 'someone@else.example', 'wrong-password', GRACE.email]) {
        const response = await client.request({ method: 'POST', url: DELETE, payload: { confirmation } });
        expectJsonError(response, 400);
        expect((response.json() as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('confirmation');
      }
      expect(await rowsOf(context(), candidateId, email)).toEqual(before);
    });

    it('removes personal data, keeps the offers with evidence and anonymised applications, ends every session', async () => {
      const { email, client, phone, candidateId, declinedOfferId, unactedOfferId } = await accountWithData();
      const before = await rowsOf(context(), candidateId, email);
      expect(before).toMatchObject({ sessions: 2, preferences: 1, savedJobs: 1, cart: 1, drafts: 1, applications: 1, offers: 2 });
      expect(before.applicationFiles).toBeGreaterThan(0);
      expect(before.offerEvents).toBeGreaterThan(0);
      expect(before.notifications).toBeGreaterThan(0);
      expect(before.emails).toBeGreaterThan(0);
      const grace = await rowsOf(context(), await candidateIdOf(context().database, GRACE.email), GRACE.email);
      await insertGuestAlert(context(), email);
      const otherTenants = await insertGuestAlert(context(), email, 'globex.example');
      const gracesAlert = await insertGuestAlert(context(), GRACE.email);

      const response = await client.request({ method: 'POST', url: DELETE, payload: { confirmation: email.toUpperCase() } });
      expect(response.statusCode, response.body).toBe(200);
      const report = DeleteAccountResponseSchema.parse(response.json());
      expect(report.sections.offers).toEqual({ removed: expect.any(Number) as number, kept: 1 + 1 + before.offerEvents });
      expect(report.sections.account).toEqual({ removed: 0, kept: 1 });
      // Guest job alerts of the same address on this tenant go; another tenant's and Grace's stay.
      expect(report.sections.guestAlerts).toEqual({ removed: 1, kept: 0 });
      const guestLeft = await context().database.db.selectFrom('guestAlerts').select('id').where('email', 'in', [email, GRACE.email]).orderBy('id').execute();
      expect(guestLeft.map((row) => row.id).sort()).toEqual([otherTenants, gracesAlert].sort());

      const after = await rowsOf(context(), candidateId, email);
      expect(after).toEqual({
        sessions: 0,
        preferences: 0,
        dataExports: 0,
        savedJobs: 0,
        cart: 0,
        drafts: 0,
        formRequests: 0,
        notifications: 0,
        emails: 0,
        applications: 1,
        applicationFiles: 0,
        uploadedFiles: 0,
        offers: 1,
        offerDocuments: before.offerDocuments / 2,
        offerEvents: before.offerEvents,
        esignTokens: 0,
        candidatesWithEmail: 0,
      });
      const { db } = context().database;
      expect(await db.selectFrom('offers').select('id').where('candidateId', '=', candidateId).execute()).toEqual([{ id: declinedOfferId }]);
      expect(await db.selectFrom('offers').select('id').where('id', '=', unactedOfferId).execute()).toEqual([]);
      const application = await db.selectFrom('applications').select(['email', 'answers', 'stage']).where('candidateId', '=', candidateId).executeTakeFirstOrThrow();
      expect(application).toEqual({ email: deletedAccountEmail(candidateId), answers: '{}', stage: 'submitted' });
      const tombstone = await db.selectFrom('candidates').select(['email', 'firstName', 'lastName', 'location']).where('id', '=', candidateId).executeTakeFirstOrThrow();
      expect(tombstone).toEqual({ email: deletedAccountEmail(candidateId), firstName: '', lastName: '', location: null });
      expect(await db.selectFrom('accountDeletions').select('candidateId').where('candidateId', '=', candidateId).execute()).toHaveLength(1);
      // Nobody else's rows moved.
      expect(await rowsOf(context(), await candidateIdOf(context().database, GRACE.email), GRACE.email)).toEqual(grace);

      // Every session ended: this device's cookie is cleared, the other device's is dead.
      for (const device of [client, phone]) {
        const me = await device.request({ method: 'GET', url: '/api/auth/me' });
        expect((me.json() as { userStore: { isLoggedIn: boolean } }).userStore.isLoggedIn).toBe(false);
      }
      // The old password opens nothing; the address is free for a new account.
      const again = new TestClient(app);
      expect((await again.login({ email, password: NEW_PASSWORD })).statusCode).toBe(401);
      expect((await again.signup({ email, password: NEW_PASSWORD, firstName: 'New', lastName: 'Start' })).statusCode).toBe(201);
    });

    it('accepts the password as the confirmation too', async () => {
      const { email, client, candidateId } = await accountWithData();
      const response = await client.request({ method: 'POST', url: DELETE, payload: { confirmation: NEW_PASSWORD } });
      expect(response.statusCode, response.body).toBe(200);
      expect((await rowsOf(context(), candidateId, email)).candidatesWithEmail).toBe(0);
    });
  });
});
