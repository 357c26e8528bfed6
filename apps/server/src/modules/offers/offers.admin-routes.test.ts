import { offerApiPaths } from '@careers/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { ADA, manualClock } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { sha256Hex } from './offer-evidence';
import { inHours, signAsAda, positionOf } from './offers-company.test-support';
import { offerTableCounts, signedIn, testLetter } from './offers.test-support';

/**
 * The employer API's offers (issue 10): extend as JSON with base64 PDFs, the candidate sees and signs it, the
 * API returns the signed PDF, the certificate and a verified evidence chain; cancel; bad input refused with
 * nothing written; another tenant's key gets 404 for every route. SQLite and PostgreSQL.
 */
forEachDatabase('employer API: offers (issue 10)', (context) => {
  let admin: AdminTestApp;
  let externalRef: string;
  const clock = manualClock();

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { clock });
    externalRef = (await positionOf(context().database, admin.tenantId)).externalRef;
  });
  afterAll(() => admin.app.close());

  const extendBody = async (overrides: Record<string, unknown> = {}) => ({
    candidate_email: ADA.email,
    position_external_ref: externalRef,
    expires_at: inHours(clock, 72),
    documents: [{ signing: 'inline', pdf_base64: Buffer.from(await testLetter()).toString('base64') }],
    ...overrides,
  });

  type AdminOfferJson = { id: string; status: string; stored_status: string; documents: { id: string; signed_sha256: string | null; signed: boolean }[] };

  async function extend(): Promise<AdminOfferJson> {
    const response = await admin.call({ method: 'POST', url: '/offers', payload: await extendBody() });
    expect(response.statusCode).toBe(201);
    return response.json<AdminOfferJson>();
  }

  it('extends an offer the candidate signs; the API then returns the signed PDF, the certificate and a verified chain', async () => {
    const offer = await extend();
    expect(offer).toMatchObject({ status: 'Extended', stored_status: 'Extended', documents: [{ signed: false, signed_sha256: null }] });

    const ada = await signedIn(admin.app, ADA);
    const listed = (await ada.request({ method: 'GET', url: offerApiPaths.list() })).json<{ offers: { id: string }[] }>();
    expect(listed.offers.map((item) => item.id)).toContain(offer.id);
    const documentId = offer.documents[0]?.id as string;
    expect((await admin.call({ method: 'GET', url: `/offers/${offer.id}/documents/${documentId}/signed.pdf` })).statusCode).toBe(404);

    const signed = await signAsAda(ada, offer.id);
    expect(signed.statusCode).toBe(200);

    const read = (await admin.call({ method: 'GET', url: `/offers/${offer.id}` })).json<AdminOfferJson>();
    expect(read).toMatchObject({ status: 'Accepted', documents: [{ signed: true }] });
    const pdf = await admin.call({ method: 'GET', url: `/offers/${offer.id}/documents/${documentId}/signed.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256Hex(pdf.rawPayload)).toBe(read.documents[0]?.signed_sha256);
    const certificate = await admin.call({ method: 'GET', url: `/offers/${offer.id}/certificate` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const evidence = (await admin.call({ method: 'GET', url: `/offers/${offer.id}/evidence` })).json<{ valid: boolean; events: { event: { event_type: string } }[] }>();
    expect(evidence.valid).toBe(true);
    expect(evidence.events.map((row) => row.event.event_type)).toEqual(['extended', 'accepted']);
  });

  it('lists and cancels; a second cancel is 409', async () => {
    const offer = await extend();
    const listed = (await admin.call({ method: 'GET', url: '/offers?status=Extended&limit=200' })).json<{ offers: { id: string }[] }>();
    expect(listed.offers.map((item) => item.id)).toContain(offer.id);
    const canceled = await admin.call({ method: 'POST', url: `/offers/${offer.id}/cancel` });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'Canceled' });
    expect((await admin.call({ method: 'POST', url: `/offers/${offer.id}/cancel` })).statusCode).toBe(409);
  });

  it('refuses bad requests with a JSON error and writes nothing', async () => {
    const before = await offerTableCounts(context().database);
    const cases: [Record<string, unknown>, number][] = [
      [{ candidate_id: 'x' }, 400], // both candidate_id and candidate_email
      [{ candidate_email: 'nobody@acme.example' }, 404],
      [{ position_external_ref: 'no-such-ref' }, 404],
      [{ expires_at: 'tomorrow' }, 400],
      [{ expires_at: inHours(clock, -1) }, 400],
      [{ documents: [] }, 400],
      [{ documents: [{ signing: 'inline', pdf_base64: 'not base64!' }] }, 400],
      [{ documents: [{ signing: 'fax', pdf_base64: 'JVBERi0=' }] }, 400],
      [{ documents: [{ signing: 'inline', pdf_base64: Buffer.from('<html>hello</html>').toString('base64') }] }, 415],
    ];
    for (const [override, status] of cases) {
      const response = await admin.call({ method: 'POST', url: '/offers', payload: await extendBody(override) });
      expect({ override, status: response.statusCode }).toEqual({ override, status });
      expect(response.json<{ error: { message: string } }>().error.message).toBeTruthy();
    }
    expect(await offerTableCounts(context().database)).toEqual(before);
  });

  it('answers 404 to another tenant’s key on every offer route, and 401 without a key', async () => {
    const offer = await extend();
    const documentId = offer.documents[0]?.id as string;
    const key = admin.otherKey;
    for (const [method, url] of [
      ['GET', `/offers/${offer.id}`],
      ['POST', `/offers/${offer.id}/cancel`],
      ['GET', `/offers/${offer.id}/documents/${documentId}/signed.pdf`],
      ['GET', `/offers/${offer.id}/certificate`],
      ['GET', `/offers/${offer.id}/evidence`],
    ] as const) {
      expect({ url, status: (await admin.call({ method, url, key })).statusCode }).toEqual({ url, status: 404 });
    }
    const theirs = (await admin.call({ method: 'GET', url: '/offers?limit=200', key })).json<{ offers: { id: string }[] }>();
    expect(theirs.offers.map((item) => item.id)).not.toContain(offer.id);
    // Extending to a candidate of another tenant: that candidate does not exist for this key.
    const cross = await admin.call({ method: 'POST', url: '/offers', key, payload: await extendBody({ position_external_ref: undefined, position_id: 1 }) });
    expect(cross.statusCode).toBe(404);
    expect((await admin.call({ method: 'GET', url: `/offers/${offer.id}`, key: null })).statusCode).toBe(401);
    expect((await admin.call({ method: 'GET', url: `/offers/${offer.id}` })).json()).toMatchObject({ status: 'Extended' });
  });

  it('describes the offer routes in the OpenAPI document', async () => {
    const document = (await admin.call({ method: 'GET', url: '/openapi.json', key: null })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/v1/offers',
        '/api/admin/v1/offers/{id}',
        '/api/admin/v1/offers/{id}/cancel',
        '/api/admin/v1/offers/{id}/documents/{documentId}/signed.pdf',
        '/api/admin/v1/offers/{id}/certificate',
        '/api/admin/v1/offers/{id}/evidence',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/admin/v1/offers']?.post)).toContain('pdf_base64');
  });
});
