import { createHash } from 'node:crypto';
import { CSRF_INVALID_HEADER, ErrorCode, Messages, offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerExtendedNotification } from '../modules/notifications/notification-messages';
import { createNotification } from '../modules/notifications/notifications.producer';
import { insertTestOffer } from '../modules/offers/offers.test-support';
import { createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../test/app';
import { forEachDatabase, type TestDatabase } from '../test/databases';
import { listRoutes, type RouteEntry } from '../test/routes';

/** The victim's real ids and a live e-sign link, so a request the CSRF check let through WOULD change something. */
interface Targets {
  offerId: string;
  documentId: string;
  esignToken: string;
  positionId: number;
  /** The victim's application, form request and a job they hold a draft for (issue 9). */
  applicationId: string;
  formRequestId: string;
  draftPositionId: number;
}

/** Bodies (and query strings) that would change state if the CSRF check let them through. */
function requestFor(route: RouteEntry, email: string, targets: Targets): { url: string; payload: Record<string, unknown> } {
  const signature = { agreed: true, signature: 'V Ictim' };
  const withToken = `${route.url}?token=${encodeURIComponent(targets.esignToken)}`;
  switch (route.pattern) {
    case '/api/auth/signup':
      return { url: route.url, payload: { email: uniqueEmail('csrf'), password: NEW_PASSWORD, firstName: 'C', lastName: 'S' } };
    case '/api/auth/login':
      return { url: route.url, payload: { email, password: NEW_PASSWORD } };
    case '/api/auth/password':
      return { url: route.url, payload: { currentPassword: NEW_PASSWORD, newPassword: 'changed-by-an-attacker' } };
    case '/api/pcsx/profile_bootstrap':
    case '/api/pcsx/onboarding':
      return { url: route.url, payload: { firstName: 'Mallory', lastName: 'Attacker', location: 'Elsewhere' } };
    case '/api/pcsx/positions/saved':
      return { url: route.url, payload: { position_id: targets.positionId, action: 'save' } };
    case '/api/pcsx/job_cart':
      return { url: route.url, payload: { pids: [String(targets.positionId)], operation: 'add' } };
    case '/api/offer/offers/:offerId/accept':
    case '/api/offer/offers/:offerId/:documentId/accept':
      return { url: route.url, payload: signature };
    case '/api/offer/offers/:offerId/decline':
      return { url: route.url, payload: { reason_code: 'other', reason_text: 'Declined by a forged request' } };
    case '/api/offer/offers/:offerId/viewed':
      return { url: route.url, payload: { document_id: targets.documentId } };
    case '/api/offer/offers/:offerId/:documentId/esign_status':
      return { url: route.url, payload: { status: 'signed' } };
    case '/api/esign/sign':
      return { url: withToken, payload: signature };
    case '/api/esign/reject':
      return { url: withToken, payload: {} };
    case '/api/pcsx/apply':
      return { url: route.url, payload: { position_ids: [targets.positionId], values: { first_name: 'Mallory', email: 'mallory@example.com', privacy_consent: true } } };
    case '/api/pcsx/draft_applications':
      return { url: route.url, payload: { position_ids: [targets.draftPositionId], values: { first_name: 'Mallory' } } };
    case '/api/pcsx/applications/:applicationId/withdraw':
      return { url: route.url, payload: { reason: 'Withdrawn by a forged request' } };
    case '/api/pcsx/forms/:formRequestId':
      return { url: route.url, payload: { values: { handbook_read: true } } };
    case '/api/pcsx/saved_searches':
      return { url: route.url, payload: { search: 'query=forged', name: 'Forged' } };
    case '/api/pcsx/saved_searches/:id':
      return { url: route.url, payload: { name: 'Renamed by a forged request', alertsEnabled: false } };
    case '/api/account/preferences':
      return { url: route.url, payload: { locale: 'ar', timeZone: 'Asia/Tokyo', inAppNotifications: false, emailNotifications: false } };
    case '/api/account/delete':
      // The victim's own address: a forged deletion that got through would take the account (the snapshot sees it).
      return { url: route.url, payload: { confirmation: email } };
    case '/api/pcsx/profile_edit':
      return { url: route.url, payload: { op_section: 'skills', operation: 'add', op_data: { value: 'Forged skill' } } };
    case '/api/pcsx/upload_resume':
    case '/api/pcsx/parse_resume':
      return { url: route.url, payload: { resume_file_name: 'forged.txt', resume_content: `data:text/plain;base64,${Buffer.from('Mallory Forger\nForged Engineer\nmallory@example.com\n\nSKILLS\nForgery, Deception\n').toString('base64')}` } };
    default:
      return { url: route.url, payload: { domain: 'acme.example' } };
  }
}

/** Every row of every table a request can write (files by their SHA-256), so "0 rows changed" is checked literally. */
async function tableRows(context: TestDatabase): Promise<Record<string, unknown[]>> {
  const { db } = context.database;
  const digest = (bytes: Uint8Array | null) => (bytes === null ? null : createHash('sha256').update(bytes).digest('hex'));
  const documents = await db.selectFrom('offerDocuments').selectAll().orderBy('id').execute();
  return {
    tenants: await db.selectFrom('tenants').selectAll().orderBy('id').execute(),
    candidates: await db.selectFrom('candidates').selectAll().orderBy('id').execute(),
    candidateProfiles: await db.selectFrom('candidateProfiles').selectAll().orderBy('candidateId').execute(),
    sessions: await db.selectFrom('sessions').selectAll().orderBy('idHash').execute(),
    loginThrottle: await db.selectFrom('loginThrottle').selectAll().orderBy('email').execute(),
    positions: await db.selectFrom('positions').select(['id', 'updatedAt', 'archivedAt']).orderBy('id').execute(),
    savedPositions: await db.selectFrom('savedPositions').selectAll().orderBy('candidateId').orderBy('positionId').execute(),
    jobCartItems: await db.selectFrom('jobCartItems').selectAll().orderBy('candidateId').orderBy('positionId').execute(),
    offers: await db.selectFrom('offers').selectAll().orderBy('id').execute(),
    offerDocuments: documents.map((row) => ({ ...row, originalPdf: digest(row.originalPdf), signedPdf: digest(row.signedPdf), uploadedPdf: digest(row.uploadedPdf) })),
    offerEvents: await db.selectFrom('offerEvents').selectAll().orderBy('id').execute(),
    esignTokens: await db.selectFrom('esignTokens').selectAll().orderBy('tokenHash').execute(),
    applications: await db.selectFrom('applications').selectAll().orderBy('id').execute(),
    applicationStageEvents: await db.selectFrom('applicationStageEvents').selectAll().orderBy('id').execute(),
    draftApplications: await db.selectFrom('draftApplications').selectAll().orderBy('candidateId').orderBy('positionId').execute(),
    formRequests: await db.selectFrom('formRequests').selectAll().orderBy('id').execute(),
    notifications: await db.selectFrom('notifications').selectAll().orderBy('id').execute(),
    emailOutbox: await db.selectFrom('emailOutbox').selectAll().orderBy('id').execute(),
    passwordResetTokens: await db.selectFrom('passwordResetTokens').selectAll().orderBy('tokenHash').execute(),
    savedSearches: await db.selectFrom('savedSearches').selectAll().orderBy('id').execute(),
    candidatePreferences: await db.selectFrom('candidatePreferences').selectAll().orderBy('candidateId').execute(),
    dataExports: await db.selectFrom('dataExports').select(['id', 'candidateId', 'status']).orderBy('id').execute(),
    accountDeletions: await db.selectFrom('accountDeletions').selectAll().orderBy('candidateId').execute(),
    candidateResumes: await db.selectFrom('candidateResumes').selectAll().orderBy('candidateId').execute(),
  };
}

async function snapshot(context: TestDatabase): Promise<string> {
  return JSON.stringify(await tableRows(context));
}

/** The tables T03 names: a forged request must leave each of them exactly as it was. */
const WATCHED = ['offers', 'offerDocuments', 'offerEvents', 'esignTokens', 'savedPositions', 'jobCartItems', 'applications', 'draftApplications', 'formRequests', 'notifications', 'savedSearches', 'candidatePreferences', 'dataExports', 'candidateProfiles', 'candidateResumes'] as const;

/**
 * Unsafe routes outside the site scope whose authority is a signed token in their URL, not a session: a
 * mail client's RFC 8058 one-click unsubscribe carries no session and no CSRF token (issue 12). A forged
 * request needs the token itself; modules/email/email.test.ts refuses tampered ones.
 */
const TOKEN_AUTHORISED = new Set(['/api/pcsx/email/unsubscribe']);

forEachDatabase('CSRF enforcement (T03)', (context) => {
  let app: FastifyInstance;
  let victim: TestClient;
  let other: TestClient;
  let anonymous: TestClient;
  let email: string;
  let unsafeRoutes: RouteEntry[];
  let targets: Targets;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    email = uniqueEmail('victim');
    victim = new TestClient(app);
    await victim.signup({ email, password: NEW_PASSWORD, firstName: 'V', lastName: 'Ictim' });
    other = new TestClient(app);
    await other.signup({ email: uniqueEmail('other'), password: NEW_PASSWORD, firstName: 'O', lastName: 'Ther' });
    anonymous = new TestClient(app);
    await anonymous.start();
    // The victim has an open offer (a typed-signature letter and an e-sign letter) and a live signing link.
    const { offerId, documentIds } = await insertTestOffer(context().database, { email, expiresAt: null, documents: [{ signingMode: 'esign' }, { signingMode: 'inline' }] });
    const documentId = documentIds[0] as string;
    const minted = await victim.request({ method: 'POST', url: offerApiPaths.esignToken(offerId, documentId) });
    expect(minted.statusCode, minted.body).toBe(200);
    const esignToken = new URL((minted.json() as { url: string }).url, 'http://localhost').searchParams.get('token') ?? '';
    const { db } = context().database;
    const { tenantId } = await db.selectFrom('candidates').select('tenantId').where('email', '=', email).executeTakeFirstOrThrow();
    const position = await db.selectFrom('positions').select('id').where('tenantId', '=', tenantId).where('archivedAt', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    // Issue 9: an application to withdraw, a draft to overwrite or delete, a requested form to save or submit.
    const { id: candidateId } = await db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const [applied, drafted] = await db.selectFrom('positions').select(['id', 'title']).where('tenantId', '=', tenantId).where('archivedAt', 'is', null).orderBy('id', 'desc').limit(2).execute();
    if (!applied || !drafted) throw new Error('the CSRF suite needs two open positions');
    const at = new Date().toISOString();
    const applicationId = `application-csrf-${candidateId}`;
    await db.insertInto('applications').values({ id: applicationId, tenantId, candidateId, email, positionId: applied.id, positionName: applied.title, stage: 'submitted', answers: '{}', formDefinitionId: null, submittedAt: at, updatedAt: at, withdrawnAt: null }).execute();
    await db.insertInto('draftApplications').values({ tenantId, candidateId, positionId: drafted.id, valuesJson: '{"first_name":"V"}', updatedAt: at }).execute();
    const formRequestId = `form-request-csrf-${candidateId}`;
    const handbook = await db.selectFrom('formDefinitions').select('id').where('tenantId', '=', tenantId).where('formKey', '=', 'handbook').executeTakeFirstOrThrow();
    await db.insertInto('formRequests').values({ id: formRequestId, tenantId, candidateId, formDefinitionId: handbook.id, title: 'Handbook', status: 'open', valuesJson: '{}', dueAt: null, createdAt: at, updatedAt: at, completedAt: null }).execute();
    targets = { offerId, documentId, esignToken, positionId: position.id, applicationId, formRequestId, draftPositionId: drafted.id };
    // The employer API (/api/admin/v1) takes no cookies: a bearer key is its only credential, which a forged
    // cross-site request cannot carry, so CSRF does not apply there (http/admin-api.test.ts: cookies are ignored).
    const notification = await createNotification(db, offerExtendedNotification({ tenantId, candidateId }, { id: offerId, positionName: 'Victim role' }));
    unsafeRoutes = listRoutes(app, { offerId, documentId, applicationId, formRequestId, id: notification.id }).filter(
      (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !route.pattern.startsWith('/api/admin/') && !TOKEN_AUTHORISED.has(route.pattern),
    );
  });
  afterAll(() => app.close());

  it('finds the state-changing routes', () => {
    expect(unsafeRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/signup',
        '/api/auth/logout',
        '/api/auth/password',
        '/logout',
        '/api/offer/offers/:offerId/accept',
        '/api/offer/offers/:offerId/:documentId/accept',
        '/api/offer/offers/:offerId/decline',
        '/api/offer/offers/:offerId/viewed',
        '/api/offer/offers/:offerId/:documentId/esign_token',
        '/api/offer/offers/:offerId/:documentId/esign_status',
        '/api/esign/sign',
        '/api/esign/reject',
        '/api/pcsx/positions/saved',
        '/api/pcsx/job_cart',
        '/api/pcsx/apply',
        '/api/pcsx/draft_applications',
        '/api/pcsx/applications/:applicationId/withdraw',
        '/api/pcsx/forms/:formRequestId',
        '/api/pcsx/notifications/mark_all_viewed',
        '/api/pcsx/notifications/:id/mark_clicked',
        '/api/pcsx/notifications/mark_all_clicked',
        '/api/auth/password/forgot',
        '/api/auth/password/reset',
        '/api/pcsx/saved_searches',
        '/api/pcsx/saved_searches/:id',
        '/api/account/preferences',
        '/api/account/data_export',
        '/api/account/delete',
        '/api/pcsx/profile_edit',
        '/api/pcsx/upload_resume',
        '/api/pcsx/parse_resume',
      ]),
    );
    // Every parameter got a real value: a forged request names the victim's own offer and document.
    for (const route of unsafeRoutes) expect(route.url, route.pattern).not.toContain('sample');
    console.info(`T03: ${unsafeRoutes.length} unsafe routes from the route table: ${unsafeRoutes.map((route) => `${route.method} ${route.pattern}`).join(', ')}`);
  });

  const cases: { name: string; token: (route: RouteEntry) => string | undefined; client: () => TestClient }[] = [
    { name: 'no token', token: () => undefined, client: () => victim },
    { name: 'a wrong token', token: () => 'A'.repeat(43), client: () => victim },
    { name: "another session's token", token: () => other.csrfToken, client: () => victim },
    { name: "a signed-in session's token on an anonymous visit", token: () => victim.csrfToken, client: () => anonymous },
  ];

  describe.each(cases)('with $name', ({ token, client }) => {
    it('refuses every unsafe route with 403 + x-csrf-invalid and changes nothing', async () => {
      for (const route of unsafeRoutes) {
        const before = await snapshot(context());
        const presented = token(route);
        const forged = requestFor(route, email, targets);
        const response = await client().request({
          method: route.method as 'POST',
          url: forged.url,
          payload: forged.payload,
          withCsrf: false,
          headers: presented === undefined ? {} : { 'x-csrf-token': presented },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.headers[CSRF_INVALID_HEADER]).toBe('1');
        expect(response.json()).toEqual({ error: { code: ErrorCode.csrfInvalid, message: Messages.invalidCsrf } });
        expect(await snapshot(context()), `${route.method} ${route.url} changed state`).toBe(before);
      }
    });
  });

  it('refuses a form POST /logout whose csrf_token field is wrong', async () => {
    const before = await snapshot(context());
    const response = await victim.request({
      method: 'POST',
      url: '/logout',
      payload: 'csrf_token=wrong&next=%2Fcareers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      withCsrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers[CSRF_INVALID_HEADER]).toBe('1');
    expect(await snapshot(context())).toBe(before);
  });

  it('changes no state on any GET route', async () => {
    // With the victim's real ids and live signing link, so a GET that wrote anything would show here.
    const getRoutes = listRoutes(app, { offerId: targets.offerId, documentId: targets.documentId, applicationId: targets.applicationId, formRequestId: targets.formRequestId, '*': 'jobs' }).filter((route) => route.method === 'GET');
    expect(getRoutes.length).toBeGreaterThan(5);
    for (const client of [victim, anonymous]) {
      const before = await snapshot(context());
      for (const route of getRoutes) {
        await client.request({ method: 'GET', url: `${route.url}?token=${encodeURIComponent(targets.esignToken)}&domain=acme.example` });
        expect(await snapshot(context()), `GET ${route.url} changed state`).toBe(before);
      }
    }
  });

  it('would see a forged request that got through: the same requests with the right token change the watched tables', async () => {
    // Without this, "0 state changes" could hold only because the requests were harmless. Each table T03
    // names must change under at least one of the very requests the cases above sent without a valid token.
    const readWatched = async () => {
      const rows = await tableRows(context());
      return Object.fromEntries(WATCHED.map((table) => [table, JSON.stringify(rows[table])]));
    };
    const changed = new Set<string>();
    const order = [
      ['POST', '/api/pcsx/positions/saved'],
      ['POST', '/api/pcsx/job_cart'],
      ['POST', '/api/pcsx/notifications/:id/mark_clicked'],
      ['POST', '/api/offer/offers/:offerId/viewed'],
      ['POST', '/api/esign/sign'],
      ['POST', '/api/offer/offers/:offerId/decline'],
      ['PUT', '/api/pcsx/draft_applications'],
      ['POST', '/api/pcsx/applications/:applicationId/withdraw'],
      ['PUT', '/api/pcsx/forms/:formRequestId'],
      ['POST', '/api/pcsx/saved_searches'],
      ['POST', '/api/account/preferences'],
      ['POST', '/api/account/data_export'],
      ['POST', '/api/pcsx/profile_edit'],
      ['POST', '/api/pcsx/upload_resume'],
    ] as const;
    for (const [method, pattern] of order) {
      const route = unsafeRoutes.find((entry) => entry.pattern === pattern && entry.method === method);
      if (!route) throw new Error(`no route ${method} ${pattern}`);
      const before = await readWatched();
      const forged = requestFor(route, email, targets);
      const response = await victim.request({ method, url: forged.url, payload: forged.payload });
      expect(response.statusCode, `${pattern}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
      const after = await readWatched();
      for (const table of WATCHED) if (after[table] !== before[table]) changed.add(table);
    }
    expect([...changed].sort()).toEqual([...WATCHED].sort());
  });

  it('accepts the right token', async () => {
    const response = await victim.request({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(200);
    const revoke = await victim.request({ method: 'POST', url: '/api/auth/sessions/revoke_others' });
    expect(revoke.statusCode).toBe(200);
  });
});
