import { OffersListResponseSchema, offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, GRACE, HANK, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { insertTestOffer, multipart, offerTableCounts, signedIn, smallPdf } from './offers.test-support';

/**
 * T01 idor-matrix for every offer and e-sign call: candidates A (Ada) and B (Grace) in acme.example and C
 * (Hank) in globex.example, each with an open offer (an inline and an e-sign document, a live signing link)
 * and a signed one. Every endpoint × every foreign id — alone or mixed with one's own — answers 404, changes
 * no row, and no body holds anything of the other's.
 */

interface Victim {
  offerIds: string[];
  documentIds: string[];
  tokens: string[];
  /** Strings that must never appear in another candidate's answers. */
  secrets: string[];
}

interface Actor {
  name: string;
  client: TestClient;
  domain: string;
  own: { offerId: string; documentId: string };
  victim: Victim;
}

forEachDatabase('offers authorisation matrix (T01)', (context) => {
  let app: FastifyInstance;
  const actors: Actor[] = [];
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    for (const [name, who, domain] of [
      ['A', ADA, 'acme.example'],
      ['B', GRACE, 'acme.example'],
      ['C', HANK, 'globex.example'],
    ] as const) {
      const client = await signedIn(app, who);
      const open = await insertTestOffer(context().database, { email: who.email, domain, documents: [{}, { signingMode: 'esign' }] });
      const signed = await insertTestOffer(context().database, { email: who.email, domain, documents: [{ signingMode: 'upload' }] });
      const upload = multipart([{ name: 'signed_offer_letter_pdf_file', filename: 'mine.pdf', content: await smallPdf(actors.length) }]);
      const uploaded = await client.request({ method: 'POST', url: `${offerApiPaths.accept(signed.offerId)}?domain=${domain}`, ...upload });
      expect(uploaded.statusCode).toBe(200);
      const minted = await client.request({ method: 'POST', url: `${offerApiPaths.esignToken(open.offerId, open.documentIds[1] as string)}?domain=${domain}` });
      expect(minted.statusCode).toBe(200);
      const token = new URL((minted.json() as { url: string }).url, 'http://localhost').searchParams.get('token') as string;
      actors.push({
        name,
        client,
        domain,
        own: { offerId: open.offerId, documentId: open.documentIds[0] as string },
        victim: {
          offerIds: [open.offerId, signed.offerId],
          documentIds: [...open.documentIds, ...signed.documentIds],
          tokens: [token],
          secrets: [open.offerId, signed.offerId, ...open.documentIds, ...signed.documentIds, who.email],
        },
      });
    }
  });
  afterAll(() => app.close());

  it('refuses every offer and e-sign call on another candidate’s or tenant’s ids with 404, changing nothing', async () => {
    const before = await offerTableCounts(context().database);
    const statuses = await context().database.db.selectFrom('offers').select(['id', 'status', 'updatedAt']).orderBy('id').execute();
    let calls = 0;

    for (const actor of actors) {
      const withDomain = (url: string) => `${url}${url.includes('?') ? '&' : '?'}domain=${actor.domain}`;
      const send = async (method: 'GET' | 'POST', url: string, body?: ReturnType<typeof multipart> | Record<string, unknown>) => {
        const isMultipart = body !== undefined && 'payload' in body && Buffer.isBuffer(body.payload);
        const response = await actor.client.request({
          method,
          url: withDomain(url),
          ...(isMultipart ? (body as ReturnType<typeof multipart>) : { payload: body as never }),
        });
        calls++;
        return response;
      };
      const inline = () => multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Anybody' }]);
      const file = async (field: string) => multipart([{ name: field, filename: 'x.pdf', content: await smallPdf(99) }]);

      for (const other of actors.filter((candidate) => candidate !== actor)) {
        const { victim } = other;
        const expectRefused = (response: LightMyRequestResponse, what: string) => {
          expect(response.statusCode, `${actor.name} → ${other.name}: ${what}`).toBe(404);
          for (const secret of victim.secrets) expect(response.body, `${actor.name} → ${other.name}: ${what}`).not.toContain(secret);
        };

        for (const offerId of victim.offerIds) {
          expectRefused(await send('GET', offerApiPaths.detail(offerId)), `detail ${offerId}`);
          expectRefused(await send('POST', offerApiPaths.accept(offerId), inline()), 'accept inline');
          expectRefused(await send('POST', offerApiPaths.accept(offerId), await file('signed_offer_letter_pdf_file')), 'accept upload');
          expectRefused(await send('POST', offerApiPaths.accept(offerId), multipart([])), 'accept empty');
          expectRefused(await send('POST', offerApiPaths.decline(offerId), { reason_code: 'other' }), 'decline');
          expectRefused(await send('POST', offerApiPaths.viewed(offerId), {}), 'viewed');
          for (const documentId of victim.documentIds) {
            // Foreign offer with its own document, and one's own offer with the foreign document.
            for (const [ownerOfOffer, pair] of [
              ['foreign', offerId],
              ['own', actor.own.offerId],
            ] as const) {
              const label = `${ownerOfOffer} offer ${pair} / foreign document ${documentId}`;
              expectRefused(await send('GET', offerApiPaths.download(pair, documentId)), `download ${label}`);
              expectRefused(await send('GET', offerApiPaths.receipt(pair, documentId)), `receipt ${label}`);
              expectRefused(await send('POST', offerApiPaths.documentAccept(pair, documentId), inline()), `document accept inline ${label}`);
              expectRefused(await send('POST', offerApiPaths.documentAccept(pair, documentId), await file('signed_document_file')), `document accept upload ${label}`);
              expectRefused(await send('POST', offerApiPaths.documentAccept(pair, documentId), multipart([])), `document accept empty ${label}`);
              expectRefused(await send('POST', offerApiPaths.esignStatus(pair, documentId), { status: 'signed' }), `esign_status ${label}`);
              expectRefused(await send('POST', offerApiPaths.esignToken(pair, documentId)), `esign_token ${label}`);
              expectRefused(await send('POST', offerApiPaths.viewed(pair), { document_id: documentId }), `viewed ${label}`);
            }
          }
        }
        for (const token of victim.tokens) {
          expectRefused(await send('GET', `/careers/esign?token=${token}`), 'e-sign page');
          expectRefused(await send('GET', `/api/esign/document?token=${token}`), 'e-sign document');
          expectRefused(await send('POST', `/api/esign/sign?token=${token}`, { agreed: true, signature: 'Anybody' }), 'e-sign sign');
          expectRefused(await send('POST', `/api/esign/reject?token=${token}`, {}), 'e-sign reject');
        }
      }

      // The list holds one's own offers only.
      const list = await send('GET', offerApiPaths.list());
      const ids = OffersListResponseSchema.parse(list.json()).offers.map((offer) => offer.id);
      for (const other of actors.filter((candidate) => candidate !== actor)) {
        for (const secret of other.victim.secrets) expect(list.body).not.toContain(secret);
        for (const offerId of other.victim.offerIds) expect(ids).not.toContain(offerId);
      }
      expect(ids).toEqual(expect.arrayContaining(actor.victim.offerIds));
    }

    // A session never reaches across tenants: C's cookie on acme.example is signed out there.
    const hank = actors.find((actor) => actor.name === 'C') as Actor;
    const ada = actors.find((actor) => actor.name === 'A') as Actor;
    const crossTenant = await hank.client.request({ method: 'GET', url: offerApiPaths.detail(ada.victim.offerIds[0] as string) });
    expect(crossTenant.statusCode).toBe(401);
    expect(crossTenant.body).not.toContain(ada.victim.offerIds[0]);

    expect(calls).toBeGreaterThan(300);
    expect(await offerTableCounts(context().database)).toEqual(before);
    expect(await context().database.db.selectFrom('offers').select(['id', 'status', 'updatedAt']).orderBy('id').execute()).toEqual(statuses);
    console.info(`T01 offers: ${calls} foreign-id calls refused with 404, 0 rows changed`);
  }, 60_000);
});
