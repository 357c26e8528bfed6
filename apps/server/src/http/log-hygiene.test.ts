import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTestOffer, multipart, signedIn, smallPdf } from '../modules/offers/offers.test-support';
import { ADA, createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../test/app';
import { forEachDatabase } from '../test/databases';

const AUTH_EVENTS = ['auth.signup', 'auth.login', 'auth.login_failed', 'auth.logout', 'auth.password_changed', 'auth.throttled'];

forEachDatabase('log hygiene (T22)', (context) => {
  let app: FastifyInstance;
  let logs: string[];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app, logs } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it('logs every auth event with time, candidate, tenant and request id, and no secret at all', async () => {
    const email = uniqueEmail('hygiene');
    const secondPassword = 'second-secret-password';
    const secrets = new Set<string>([NEW_PASSWORD, secondPassword, 'wrong-secret-password']);
    const client = new TestClient(app);
    const remember = () => {
      secrets.add(client.csrfToken);
      for (const value of client.cookies.values()) secrets.add(value);
    };

    await client.start();
    remember();
    await client.signup({ email, password: NEW_PASSWORD, firstName: 'Log', lastName: 'Hygiene' });
    remember();
    await client.request({ method: 'POST', url: '/api/auth/logout' });
    remember();
    for (let attempt = 0; attempt < 11; attempt += 1) {
      await client.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-secret-password' } });
    }
    const throttledEmail = uniqueEmail('hygiene-ok');
    const other = new TestClient(app);
    await other.signup({ email: throttledEmail, password: NEW_PASSWORD, firstName: 'O', lastName: 'K' });
    await other.request({ method: 'POST', url: '/api/auth/logout' });
    await other.request({ method: 'POST', url: '/api/auth/login', payload: { email: throttledEmail, password: NEW_PASSWORD } });
    secrets.add(other.csrfToken);
    for (const value of other.cookies.values()) secrets.add(value);
    await other.request({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: NEW_PASSWORD, newPassword: secondPassword },
    });
    secrets.add(other.csrfToken);
    for (const value of other.cookies.values()) secrets.add(value);

    const text = logs.join('');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text.includes(secret), `a log line contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    expect(text).not.toContain(email);

    const entries = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = entries.filter((entry) => typeof entry.event === 'string');
    expect(new Set(events.map((entry) => entry.event))).toEqual(new Set(AUTH_EVENTS));
    for (const entry of events) {
      expect(entry.reqId, JSON.stringify(entry)).toEqual(expect.any(String));
      expect(entry.tenant).toBe('acme.example');
      expect(Date.parse(String(entry.time))).not.toBeNaN();
      if (entry.event !== 'auth.throttled') expect(entry).toHaveProperty('candidateId');
    }
    expect(events.find((entry) => entry.event === 'auth.login')?.candidateId).toEqual(expect.any(String));
  });

  it('logs no typed signature, decline reason, PDF bytes, password, session cookie, CSRF token or e-sign link from the offer flows', async () => {
    const from = logs.length;
    const ada = await signedIn(app, ADA);
    const secrets = new Map<string, string>([
      ['password', ADA.password],
      ['typed signature', 'Ada Lovelace'],
      ['decline reason', 'Relocating to Lisbon for my partner qz7'],
      ['PDF header', '%PDF-'],
      ['PDF header in base64', 'JVBERi0'],
    ]);
    const remember = (client: TestClient, label: string) => {
      secrets.set(`${label} CSRF token`, client.csrfToken);
      for (const [name, value] of client.cookies) secrets.set(`${label} cookie ${name}`, value);
    };
    remember(ada, 'sign-in');
    const ok = (response: { statusCode: number; body: string }, what: string) => expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
    const offer = (signingMode: 'inline' | 'upload' | 'esign') => insertTestOffer(context().database, { email: ADA.email, expiresAt: null, documents: [{ signingMode }] });

    // Typed signature (offer level), after viewing the letter.
    const typed = await offer('inline');
    ok(await ada.request({ method: 'POST', url: offerApiPaths.viewed(typed.offerId), payload: { document_id: typed.documentIds[0] } }), 'viewed');
    ok(await ada.request({ method: 'POST', url: offerApiPaths.accept(typed.offerId), payload: { agreed: true, signature: 'Ada Lovelace' } }), 'typed signature');
    ok(await ada.request({ method: 'GET', url: offerApiPaths.download(typed.offerId, typed.documentIds[0] as string) }), 'download signed');
    ok(await ada.request({ method: 'GET', url: offerApiPaths.receipt(typed.offerId, typed.documentIds[0] as string) }), 'receipt');

    // Upload of a signed PDF (document level), with a name that is itself personal.
    const uploaded = await offer('upload');
    const pdf = await smallPdf(4242);
    const upload = multipart([{ name: 'signed_document_file', filename: 'Ada Lovelace signed offer.pdf', content: pdf }]);
    ok(await ada.request({ method: 'POST', url: offerApiPaths.documentAccept(uploaded.offerId, uploaded.documentIds[0] as string), ...upload }), 'upload');
    ok(await ada.request({ method: 'GET', url: offerApiPaths.download(uploaded.offerId, uploaded.documentIds[0] as string) }), 'download upload');
    // A refused upload too: its bytes must not be echoed into an error line.
    const refused = multipart([{ name: 'signed_offer_letter_pdf_file', filename: 'x.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n<script>'), Buffer.from(pdf)]) }]);
    const declined = await offer('inline');
    expect((await ada.request({ method: 'POST', url: offerApiPaths.accept(declined.offerId), ...refused })).statusCode).toBeGreaterThanOrEqual(400);

    // Decline with a reason text.
    ok(await ada.request({ method: 'POST', url: offerApiPaths.decline(declined.offerId), payload: { reason_code: 'other', reason_text: secrets.get('decline reason') } }), 'decline');

    // E-sign: mint the link, open the page and the letter, reject (which declines that offer); on another
    // offer mint a link, sign, confirm.
    const rejected = await offer('esign');
    const esign = await offer('esign');
    const documentId = esign.documentIds[0] as string;
    const mint = async (target = esign, targetDocumentId = documentId) => {
      const minted = await ada.request({ method: 'POST', url: offerApiPaths.esignToken(target.offerId, targetDocumentId) });
      ok(minted, 'e-sign link');
      const token = new URL((minted.json() as { url: string }).url, 'http://localhost').searchParams.get('token') ?? '';
      secrets.set(`e-sign token ${token.slice(0, 4)}`, token);
      return token;
    };
    let token = await mint(rejected, rejected.documentIds[0] as string);
    ok(await ada.request({ method: 'GET', url: `/careers/esign?token=${token}` }), 'e-sign page');
    ok(await ada.request({ method: 'GET', url: `/api/esign/document?token=${token}` }), 'e-sign letter');
    ok(await ada.request({ method: 'POST', url: `/api/esign/reject?token=${token}`, payload: {} }), 'e-sign reject');
    token = await mint();
    ok(await ada.request({ method: 'POST', url: `/api/esign/sign?token=${token}`, payload: { agreed: true, signature: 'Ada Lovelace' } }), 'e-sign sign');
    ok(await ada.request({ method: 'POST', url: offerApiPaths.esignStatus(esign.offerId, documentId), payload: { status: 'signed' } }), 'e-sign status');
    // A used link opened again: refused, and the refusal logs no token either.
    expect((await ada.request({ method: 'POST', url: `/api/esign/sign?token=${token}`, payload: { agreed: true, signature: 'Ada Lovelace' } })).statusCode).toBeGreaterThanOrEqual(400);
    remember(ada, 'end');
    ok(await ada.request({ method: 'POST', url: '/api/auth/logout' }), 'logout');

    const lines = logs.slice(from);
    expect(lines.length).toBeGreaterThan(20);
    for (const [label, secret] of secrets) {
      expect(secret.length, label).toBeGreaterThan(4);
      const leaks = lines.filter((line) => line.includes(secret));
      expect(leaks, `${label} in a log line`).toEqual([]);
    }
    // Every line is a JSON record; none carries a body or the query string of a request. The flows were logged
    // (one line per request, by path), so a secret in a path, query or field would have been seen above.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(entry).not.toHaveProperty('body');
      if (typeof entry.path === 'string') expect(entry.path).not.toContain('?');
    }
    const paths = new Set(entries.map((entry) => entry.path));
    for (const path of ['/api/esign/sign', '/api/esign/document', '/careers/esign', offerApiPaths.decline(declined.offerId), offerApiPaths.documentAccept(uploaded.offerId, uploaded.documentIds[0] as string)]) {
      expect(paths.has(path), `no log line for ${path}`).toBe(true);
    }
    console.info(`T22 ${context().dialect}: ${lines.length} log lines from the offer flows (typed signature, upload, refused upload, decline, e-sign), ${secrets.size} secrets, 0 found`);
  });
});
