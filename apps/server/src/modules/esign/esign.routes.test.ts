import { CSRF_HEADER, EsignStatusResponseSchema, OfferActionResponseSchema, offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, GRACE, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { readPdfText } from '../pdf/read-pdf-text';
import { ESIGN_CONSENT } from '../offers/offer-consent';
import { missingEvidence, sha256Hex, verifyChain } from '../offers/offer-evidence';
import { createOffersRepository } from '../offers/offers.repository';
import { TEST_UA, insertTestOffer, multipart, offerTableCounts, signedIn, testLetter } from '../offers/offers.test-support';
import { ESIGN_SCRIPT_PATH } from './esign-page.html';

forEachDatabase('hosted e-signature (T11 server side)', (context) => {
  let app: FastifyInstance;
  let logs: string[];
  let ada: TestClient;
  let grace: TestClient;
  const clock = manualClock();
  const minted: string[] = [];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app, logs } = await createTestApp(context(), { clock }));
    ada = await signedIn(app, ADA);
    grace = await signedIn(app, GRACE);
  });
  afterAll(() => app.close());

  const db = () => context().database.db;
  const events = (offerId: string) => createOffersRepository(db(), context().dialect).listEvents(offerId);
  const post = (client: TestClient, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: 'POST', url, payload: payload as never, headers: { 'user-agent': TEST_UA, ...headers } });
  const esignOffer = () => insertTestOffer(context().database, { email: ADA.email, documents: [{ signingMode: 'esign' }] });

  async function mint(client: TestClient, offerId: string, documentId: string): Promise<string> {
    const response = await post(client, offerApiPaths.esignToken(offerId, documentId));
    expect(response.statusCode).toBe(200);
    const { url, expires_at } = response.json() as { url: string; expires_at: string };
    expect(url).toMatch(/^\/careers\/esign\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expires_at) - clock.now().getTime()).toBe(10 * 60 * 1000);
    const token = url.slice('/careers/esign?token='.length);
    minted.push(token);
    return token;
  }

  describe('minting a link', () => {
    it('mints for the owner of an open, e-sign document; stores only the hash', async () => {
      const { offerId, documentIds } = await esignOffer();
      const token = await mint(ada, offerId, documentIds[0] as string);
      const row = await db().selectFrom('esignTokens').selectAll().where('offerId', '=', offerId).executeTakeFirstOrThrow();
      expect(row.tokenHash).toBe(sha256Hex(token));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it('refuses other documents, other candidates and closed offers', async () => {
      const plain = await insertTestOffer(context().database, { email: ADA.email });
      const notEsign = await post(ada, offerApiPaths.esignToken(plain.offerId, plain.documentIds[0] as string));
      expect(notEsign.statusCode).toBe(409);
      const { offerId, documentIds } = await esignOffer();
      expect((await post(grace, offerApiPaths.esignToken(offerId, documentIds[0] as string))).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: offerApiPaths.esignToken(offerId, documentIds[0] as string) })).statusCode).toBe(403);
      const expired = await insertTestOffer(context().database, { email: ADA.email, expiresAt: '2025-03-01T00:00:00.000Z', documents: [{ signingMode: 'esign' }] });
      const closed = await post(ada, offerApiPaths.esignToken(expired.offerId, expired.documentIds[0] as string));
      expect(closed.statusCode).toBe(409);
      expect(closed.json().error.message).toMatch(/^This offer has expired/);
    });
  });

  describe('the page', () => {
    it('is a small CSP-compatible page with the letter, the consent and the typed signature', async () => {
      const { offerId, documentIds } = await esignOffer();
      const token = await mint(ada, offerId, documentIds[0] as string);
      const page = await ada.request({ method: 'GET', url: `/careers/esign?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      const html = page.body;
      expect(html).toContain(`<meta name="csrf-token" content="${ada.csrfToken}">`);
      expect(html).toContain(`<script src="${ESIGN_SCRIPT_PATH}" defer></script>`);
      // No inline script at all: every <script> has a src.
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).toContain(`src="/api/esign/document?token=${token}"`);
      expect(html).toContain(ESIGN_CONSENT.text);
      expect(html).toContain('Adopt your signature');
      expect(html).toContain('placeholder="Ada Lovelace"');

      const letter = await ada.request({ method: 'GET', url: `/api/esign/document?token=${token}` });
      expect(letter.statusCode).toBe(200);
      expect(letter.headers['content-type']).toBe('application/pdf');
      expect(String(letter.headers['content-disposition'])).toMatch(/^inline;/);
      // Its own policy keeps the site's hard lines (T10): no plugins, no <base>, framed by this site only.
      expect(letter.headers['content-security-policy']).toBe("default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'");
      expect(letter.headers['x-content-type-options']).toBe('nosniff');
      expect(letter.headers['cache-control']).toBe('no-store');
      expect(sha256Hex(letter.rawPayload)).toBe(sha256Hex(await testLetter()));
      // Reading changes nothing (T03).
      expect(await events(offerId)).toHaveLength(0);
    });

    it('serves its script, which answers its parent at this site’s origin only', async () => {
      const script = await app.inject({ method: 'GET', url: ESIGN_SCRIPT_PATH });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toContain('text/javascript');
      expect(script.body).toContain("window.parent.postMessage({ type: type, offerId: offerId, documentId: documentId }, window.location.origin)");
      expect(script.body).not.toMatch(/postMessage\([^)]*'\*'/);
      expect(script.body).toContain("notifyParent('ESIGN')");
      expect(script.body).toContain("notifyParent('REJECT')");
      expect(script.body).toContain("'x-csrf-token'");
    });

    it('opens only in the session that minted the link (another candidate, another sitting: 404)', async () => {
      const { offerId, documentIds } = await esignOffer();
      const token = await mint(ada, offerId, documentIds[0] as string);
      const adaElsewhere = await signedIn(app, ADA);
      for (const client of [grace, adaElsewhere]) {
        const before = await offerTableCounts(context().database);
        expect((await client.request({ method: 'GET', url: `/careers/esign?token=${token}` })).statusCode).toBe(404);
        expect((await client.request({ method: 'GET', url: `/api/esign/document?token=${token}` })).statusCode).toBe(404);
        const sign = await post(client, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Grace Hopper' });
        expect(sign.statusCode).toBe(404);
        expect(sign.body).not.toContain(offerId);
        expect((await post(client, `/api/esign/reject?token=${token}`, {})).statusCode).toBe(404);
        expect(await offerTableCounts(context().database)).toEqual(before);
      }
      const signedOut = await app.inject({ method: 'GET', url: `/careers/esign?token=${token}`, headers: { accept: 'text/html' } });
      expect(signedOut.statusCode).toBe(404);
      expect(signedOut.headers['content-type']).toContain('text/html');
      // The owner still can.
      expect((await ada.request({ method: 'GET', url: `/careers/esign?token=${token}` })).statusCode).toBe(200);
    });
  });

  describe('signing and rejecting', () => {
    it('signs once with the profile name; a replay and a second link are refused', async () => {
      const { offerId, documentIds } = await esignOffer();
      const documentId = documentIds[0] as string;
      const token = await mint(ada, offerId, documentId);

      const wrong = await post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Byron' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({ message: 'Please enter your full name', fields: { signature: 'Please enter your full name' } });
      const unticked = await post(ada, `/api/esign/sign?token=${token}`, { signature: 'Ada Lovelace' });
      expect(unticked.statusCode).toBe(400);
      expect(unticked.json().error.fields).toEqual({ agreed: 'This field is required' });
      const noCsrf = await post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Lovelace' }, { [CSRF_HEADER]: 'forged' });
      expect(noCsrf.statusCode).toBe(403);
      expect(await events(offerId)).toHaveLength(0);

      // A mistyped name does not spend the link.
      const signed = await post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Lovelace' });
      expect(signed.statusCode).toBe(200);
      expect(signed.json()).toEqual({ offer_id: offerId, document_id: documentId, message: 'Successfully signed the offer letter' });

      const doc = await db().selectFrom('offerDocuments').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
      expect(doc).toMatchObject({ status: 'Signed', signed: 1, signedMethod: 'esign' });
      expect((await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status).toBe('Accepted');
      const [event] = (await events(offerId)).map((e) => e.event);
      expect(event).toMatchObject({
        event_type: 'esigned',
        typed_signature: 'Ada Lovelace',
        consent_version: ESIGN_CONSENT.version,
        consent_sha256: ESIGN_CONSENT.sha256,
        result_document_sha256: doc.signedSha256,
      });
      expect(missingEvidence(event!)).toEqual([]);
      const { pages } = await readPdfText(doc.signedPdf as Uint8Array);
      expect(pages.at(-1)).toContain('Typed signature on the hosted e-signature page');

      // Spent: a replay of sign or reject, the page and the document are all gone.
      expect((await post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Lovelace' })).statusCode).toBe(404);
      expect((await post(ada, `/api/esign/reject?token=${token}`, {})).statusCode).toBe(404);
      expect((await ada.request({ method: 'GET', url: `/careers/esign?token=${token}` })).statusCode).toBe(404);
      expect(await events(offerId)).toHaveLength(1);
      // And no new link for a signed document.
      expect((await post(ada, offerApiPaths.esignToken(offerId, documentId))).statusCode).toBe(409);

      // The letter page's follow-up calls (spec §7: accept and esign_status together) confirm the server's record.
      const empty = multipart([]);
      const accept = await post(ada, offerApiPaths.documentAccept(offerId, documentId), empty.payload, empty.headers);
      expect(accept.statusCode).toBe(200);
      expect(OfferActionResponseSchema.parse(accept.json())).toMatchObject({ message: 'Successfully signed the offer letter', receipt: { method: 'esign', event_id: event?.id } });
      const status = await post(ada, offerApiPaths.esignStatus(offerId, documentId), { status: 'rejected' });
      expect(EsignStatusResponseSchema.parse(status.json())).toMatchObject({ status: 'Signed', signed: true, esign_decision: 'signed', offer: { status: 'Accepted' } });
      expect(await events(offerId)).toHaveLength(1);
    });

    it('declines the offer with the rejection: one event in one transaction, once (issue 8 §6)', async () => {
      const { offerId, documentIds } = await esignOffer();
      const documentId = documentIds[0] as string;
      const token = await mint(ada, offerId, documentId);
      const rejected = await post(ada, `/api/esign/reject?token=${token}`, {});
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().message).toBe('Offer letter has been rejected');
      expect((await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status).toBe('Declined');
      const chain = (await events(offerId)).map((e) => e.event);
      expect(chain).toHaveLength(1);
      expect(chain[0]).toMatchObject({ event_type: 'esign_rejected', document_id: documentId, status_before: 'Extended', status_after: 'Declined' });
      expect(missingEvidence(chain[0]!)).toEqual([]);
      expect(verifyChain(chain)).toMatchObject({ ok: true });
      expect((await post(ada, `/api/esign/reject?token=${token}`, {})).statusCode).toBe(404);
      const status = EsignStatusResponseSchema.parse((await post(ada, offerApiPaths.esignStatus(offerId, documentId))).json());
      expect(status).toMatchObject({ status: 'Unsigned', signed: false, esign_decision: 'rejected', offer: { status: 'Declined' } });
      // The offer is closed: no new link, no signature, no second decline; nothing more is recorded.
      const again = await post(ada, offerApiPaths.esignToken(offerId, documentId));
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('You have already declined this offer.');
      expect((await post(ada, offerApiPaths.decline(offerId), {})).statusCode).toBe(409);
      expect(await events(offerId)).toHaveLength(1);
    });

    it('lets exactly one of a rejection and a racing accept win; the other gets 409 and one chain stays valid', async () => {
      for (let round = 0; round < 4; round++) {
        const { offerId, documentIds } = await esignOffer();
        const documentId = documentIds[0] as string;
        const [rejectToken, signToken] = [await mint(ada, offerId, documentId), await mint(ada, offerId, documentId)];
        const reject = post(ada, `/api/esign/reject?token=${rejectToken}`, {});
        const sign = post(ada, `/api/esign/sign?token=${signToken}`, { agreed: true, signature: 'Ada Lovelace' });
        const [rejected, signed] = round % 2 === 0 ? await Promise.all([reject, sign]) : (await Promise.all([sign, reject])).reverse();
        const codes = [rejected!.statusCode, signed!.statusCode];
        expect(codes.slice().sort(), JSON.stringify([rejected!.json(), signed!.json()])).toEqual([200, 409]);
        const offer = await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow();
        expect(offer.status).toBe(rejected!.statusCode === 200 ? 'Declined' : 'Accepted');
        const chain = (await events(offerId)).map((e) => e.event);
        expect(chain.map((e) => e.event_type)).toEqual([rejected!.statusCode === 200 ? 'esign_rejected' : 'esigned']);
        expect(verifyChain(chain)).toMatchObject({ ok: true });
      }
    });

    it('refuses an accept after the rejection with 409', async () => {
      const { offerId, documentIds } = await esignOffer();
      const documentId = documentIds[0] as string;
      const signToken = await mint(ada, offerId, documentId);
      expect((await post(ada, `/api/esign/reject?token=${await mint(ada, offerId, documentId)}`, {})).statusCode).toBe(200);
      const late = await post(ada, `/api/esign/sign?token=${signToken}`, { agreed: true, signature: 'Ada Lovelace' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('You have already declined this offer.');
      expect((await events(offerId)).map((e) => e.event.event_type)).toEqual(['esign_rejected']);
    });

    it('refuses an expired link', async () => {
      const { offerId, documentIds } = await esignOffer();
      const token = await mint(ada, offerId, documentIds[0] as string);
      clock.advance(10 * 60 * 1000);
      try {
        expect((await ada.request({ method: 'GET', url: `/careers/esign?token=${token}` })).statusCode).toBe(404);
        const sign = await post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Lovelace' });
        expect(sign.statusCode).toBe(404);
        expect(sign.json().error.message).toMatch(/^This signing link has expired or was already used/);
      } finally {
        clock.advance(-10 * 60 * 1000);
      }
      expect(await events(offerId)).toHaveLength(0);
    });

    it('never writes a signing token into a log line (T22)', () => {
      expect(minted.length).toBeGreaterThan(5);
      const text = logs.join('');
      expect(text).toContain('/careers/esign');
      for (const token of minted) expect(text).not.toContain(token);
    });

    it('lets exactly one of two racing signatures through one link', async () => {
      const { offerId, documentIds } = await esignOffer();
      const token = await mint(ada, offerId, documentIds[0] as string);
      const results = await Promise.all([
        post(ada, `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Ada Lovelace' }),
        post(ada, `/api/esign/reject?token=${token}`, {}),
      ]);
      // The loser finds the link spent (404) or, since a rejection declines the offer, the offer closed (409).
      const [won, lost] = results.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      expect([404, 409]).toContain(lost);
      expect(await events(offerId)).toHaveLength(1);
    });
  });
});
