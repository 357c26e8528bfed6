import {
  EsignStatusResponseSchema,
  OfferActionResponseSchema,
  OfferDetailResponseSchema,
  OfferMessages,
  OffersListResponseSchema,
  offerApiPaths,
} from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, GRACE, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { translator } from '../../i18n/catalogues';
import { readPdfText } from '../pdf/read-pdf-text';
import { INLINE_SIGN_CONSENT } from './offer-consent';
import { missingEvidence, sha256Hex } from './offer-evidence';
import { createOffersRepository } from './offers.repository';
import { handmadePdf } from './signed-upload.corpus';
import { TEST_UA, insertTestOffer, multipart, offerTableCounts, signedIn, smallPdf, testLetter } from './offers.test-support';

const squash = (text: string): string => text.replace(/\s+/g, ' ');

forEachDatabase('offers routes', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    ada = await signedIn(app, ADA);
  });
  afterAll(() => app.close());

  const db = () => context().database.db;
  const events = (offerId: string) => createOffersRepository(db(), context().dialect).listEvents(offerId);
  const offerRow = (offerId: string) => db().selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirstOrThrow();
  const documentRow = (documentId: string) => db().selectFrom('offerDocuments').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  const post = (client: TestClient, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: 'POST', url, payload: payload as never, headers: { 'user-agent': TEST_UA, ...headers } });
  const signInline = (client: TestClient, offerId: string, fields: Record<string, string>) => {
    const body = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    return post(client, offerApiPaths.accept(offerId), body.payload, body.headers);
  };

  describe('reading', () => {
    it('lists only the signed-in candidate’s offers, with effective statuses and no file bytes', async () => {
      const response = await ada.request({ method: 'GET', url: '/api/offer/offers' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { offers } = OffersListResponseSchema.parse(response.json());
      const byId = new Map(offers.map((offer) => [offer.id, offer]));
      expect(Object.fromEntries(offers.filter((o) => !o.id.startsWith('offer-t-')).map((o) => [o.id, o.status]))).toEqual({
        'offer-ada-extended': 'Extended',
        'offer-ada-esign': 'Extended',
        'offer-ada-upload': 'Extended',
        // Stored Extended, past its expires_at: shown Expired (spec §4).
        'offer-ada-expired': 'Expired',
        'offer-ada-accepted': 'Accepted',
        'offer-ada-declined': 'Declined',
        'offer-ada-canceled': 'Canceled',
      });
      expect((await offerRow('offer-ada-expired')).status).toBe('Extended');
      for (const offer of offers) for (const doc of offer.offer_documents) expect(doc).not.toHaveProperty('b64_string');
      const extended = byId.get('offer-ada-extended');
      expect(extended?.position).toEqual({ id: null, name: 'Senior Robotics Engineer' });
      expect(extended?.offer_documents.map((doc) => [doc.name, doc.status, doc.signing_mode])).toEqual([
        ['Offer letter', 'Unsigned', 'inline'],
        ['Benefits enrolment', 'Pending', 'inline'],
      ]);
      expect(byId.get('offer-ada-esign')?.offer_documents[0]?.url).toBe(offerApiPaths.esignToken('offer-ada-esign', 'doc-ada-esign-letter'));
      expect(byId.get('offer-ada-upload')?.offer_documents[0]?.signing_mode).toBe('upload');
      expect(byId.get('offer-ada-accepted')?.offer_documents[0]).toMatchObject({ status: 'Signed', signed: true });
      expect(JSON.stringify(offers)).not.toContain('grace');

      const grace = await signedIn(app, GRACE);
      const graceOffers = OffersListResponseSchema.parse((await grace.request({ method: 'GET', url: '/api/offer/offers' })).json()).offers;
      expect(graceOffers.map((offer) => offer.id)).toEqual(['offer-grace-extended']);
    });

    it('needs a signed-in candidate', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/offer/offers' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-login']).toBe('1');
    });

    it('sends the letter bytes on the detail call, and none for a Pending document', async () => {
      const response = await ada.request({ method: 'GET', url: offerApiPaths.detail('offer-ada-extended') });
      expect(response.statusCode).toBe(200);
      const { offer } = OfferDetailResponseSchema.parse(response.json());
      const [letter, pending] = offer.offer_documents;
      const bytes = Buffer.from(letter?.b64_string ?? '', 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(sha256Hex(bytes)).toBe((await documentRow('doc-ada-extended-letter')).originalSha256);
      expect(pending).toMatchObject({ b64_string: null, s3_path: null, status: 'Pending', updated_at: null });
      expect((await readPdfText(bytes)).pages[0]).toContain('Senior Robotics Engineer');
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const url of [
        offerApiPaths.detail('no-such-offer'),
        offerApiPaths.detail('x'.repeat(300)),
        '/api/offer/offers/%00',
        offerApiPaths.download('offer-ada-extended', 'no-such-doc'),
        offerApiPaths.download('offer-ada-extended', 'doc-ada-extended-benefits'),
      ]) {
        const response = await ada.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
    });

    it('downloads a letter as an attachment named offer-letter-{id}.pdf (spec §5)', async () => {
      const response = await ada.request({ method: 'GET', url: offerApiPaths.download('offer-ada-extended', 'doc-ada-extended-letter') });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="offer-letter-offer-ada-extended.pdf"; filename*=UTF-8''offer-letter-offer-ada-extended.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(sha256Hex(response.rawPayload)).toBe((await documentRow('doc-ada-extended-letter')).originalSha256);
      // Nothing signed yet: no receipt.
      expect((await ada.request({ method: 'GET', url: offerApiPaths.receipt('offer-ada-extended', 'doc-ada-extended-letter') })).statusCode).toBe(404);
    });

    it('records a view once per document and sitting, by POST; GETs record nothing (T03)', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
      await ada.request({ method: 'GET', url: offerApiPaths.detail(offerId) });
      await ada.request({ method: 'GET', url: offerApiPaths.download(offerId, documentIds[0] as string) });
      expect(await events(offerId)).toHaveLength(0);
      for (let round = 0; round < 2; round++) {
        const response = await post(ada, offerApiPaths.viewed(offerId), { document_id: documentIds[0] });
        expect(response.statusCode).toBe(204);
      }
      const stored = await events(offerId);
      expect(stored.map((e) => e.event.event_type)).toEqual(['viewed']);
      expect(stored[0]?.event).toMatchObject({ document_id: documentIds[0], shown_document_sha256: sha256Hex(await testLetter()), user_agent: TEST_UA });
      expect(missingEvidence(stored[0]!.event)).toEqual([]);
      expect((await post(ada, offerApiPaths.viewed(offerId), { document_id: 'nope' })).statusCode).toBe(404);
    });
  });

  describe('inline signature (spec §2 (a), §5)', () => {
    it('signs, stamps, accepts, and a second accept or a decline changes nothing', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
      const documentId = documentIds[0] as string;
      const response = await signInline(ada, offerId, { agreed: 'true', signature: ' Ada Lovelace ' });
      expect(response.statusCode).toBe(200);
      const body = OfferActionResponseSchema.parse(response.json());
      expect(body.message).toBe('Successfully submitted form for verification');
      expect(body.offer.status).toBe('Accepted');
      expect(body.offer.offer_documents[0]).toMatchObject({ status: 'Signed', signed: true, receipt_path: offerApiPaths.receipt(offerId, documentId) });
      const doc = await documentRow(documentId);
      expect(doc).toMatchObject({ status: 'Signed', signed: 1, signedMethod: 'inline' });
      expect(body.receipt).toMatchObject({ method: 'inline', offer_id: offerId, document_id: documentId, document_sha256: doc.signedSha256 });

      const [event] = (await events(offerId)).map((e) => e.event);
      expect(event).toMatchObject({
        event_type: 'accepted',
        status_before: 'Extended',
        status_after: 'Accepted',
        typed_signature: 'Ada Lovelace',
        consent_version: INLINE_SIGN_CONSENT.version,
        consent_sha256: INLINE_SIGN_CONSENT.sha256,
        shown_document_sha256: doc.originalSha256,
        result_document_sha256: doc.signedSha256,
        user_agent: TEST_UA,
        ip: '127.0.0.1',
      });
      expect(event?.session_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(missingEvidence(event!)).toEqual([]);
      expect(body.receipt?.event_id).toBe(event?.id);

      // The downloaded signed PDF: the stamped name, and the certificate's hashes match what is stored.
      const download = await ada.request({ method: 'GET', url: offerApiPaths.download(offerId, documentId) });
      const signed = download.rawPayload;
      expect(sha256Hex(signed)).toBe(doc.signedSha256);
      const original = await testLetter();
      expect(Buffer.compare(signed.subarray(0, original.length), Buffer.from(original))).toBe(0);
      expect(sha256Hex(signed.subarray(0, doc.stampedLength ?? 0))).toBe(doc.stampedSha256);
      const { pageCount, pages } = await readPdfText(signed);
      expect(pageCount).toBe(3);
      expect(squash(pages[1] ?? '')).toContain('Electronically signed Ada Lovelace');
      const certificate = squash(pages[2] ?? '');
      expect(certificate).toContain(`Offer id ${offerId}`);
      expect(certificate).toContain(`Document id ${documentId}`);
      expect(certificate).toContain('Email ada@acme.example');
      expect(certificate).toContain(doc.originalSha256 as string);
      expect(certificate).toContain(doc.stampedSha256 as string);
      expect(certificate).toContain(`Consent SHA-256 ${INLINE_SIGN_CONSENT.sha256}`);
      expect(certificate).toContain('Signed at (UTC) 2025-03-01T09:00:00.000Z');
      // The receipt of a typed signature is the signed PDF itself (its last page is the certificate).
      const receipt = await ada.request({ method: 'GET', url: offerApiPaths.receipt(offerId, documentId) });
      expect(sha256Hex(receipt.rawPayload)).toBe(doc.signedSha256);
      expect(receipt.headers['content-disposition']).toContain(`offer-letter-${offerId}-signing-certificate.pdf`);

      const before = await offerTableCounts(context().database);
      const again = await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('You have already accepted this offer.');
      const decline = await post(ada, offerApiPaths.decline(offerId), {});
      expect(decline.statusCode).toBe(409);
      expect(await offerTableCounts(context().database)).toEqual(before);
      expect((await offerRow(offerId)).status).toBe('Accepted');
    });

    it('accepts the same fields as JSON', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const response = await post(ada, offerApiPaths.accept(offerId), { agreed: true, signature: 'Ada Lovelace' });
      expect(response.statusCode).toBe(200);
      expect((await offerRow(offerId)).status).toBe('Accepted');
    });

    it('refuses a wrong or missing name and a missing agreement, storing nothing', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const before = await offerTableCounts(context().database);
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ agreed: 'true', signature: 'ada lovelace' }, { signature: 'Please enter your full name' }],
        [{ agreed: 'true', signature: 'Grace Hopper' }, { signature: 'Please enter your full name' }],
        [{ agreed: 'true', signature: '   ' }, { signature: 'This field is required' }],
        [{ signature: 'Ada Lovelace' }, { agreed: 'This field is required' }],
        [{ agreed: 'false', signature: 'Ada Lovelace' }, { agreed: 'This field is required' }],
        [{ agreed: 'true', signature: 'A'.repeat(201) }, { signature: 'Enter no more than 200 characters' }],
      ];
      for (const [fields, expected] of cases) {
        const response = await signInline(ada, offerId, fields);
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json().error.fields).toEqual(expected);
        expect(response.json().error.message).toBe(Object.values(expected)[0]);
      }
      expect(await offerTableCounts(context().database)).toEqual(before);
      expect((await offerRow(offerId)).status).toBe('Extended');
    });

    it('signs the letter of a two-document offer and keeps it Extended while the other is Pending', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, {
        email: ADA.email,
        documents: [{}, { status: 'Pending' }],
      });
      const [letterId, pendingId] = documentIds as [string, string];
      const pending = await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' });
      expect(pending.statusCode).toBe(200);
      expect(OfferActionResponseSchema.parse(pending.json()).offer.status).toBe('Extended');
      expect((await documentRow(letterId)).status).toBe('Signed');
      const body = multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }]);
      const onPending = await post(ada, offerApiPaths.documentAccept(offerId, pendingId), body.payload, body.headers);
      expect(onPending.statusCode).toBe(409);
      expect(onPending.json().error.message).toBe('This document is still being processed. Please try again later.');
      // Nothing left to sign at offer level but the Pending one.
      const offerLevel = await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' });
      expect(offerLevel.statusCode).toBe(409);
    });

    it('asks for a document when several await a signature, and signs each on its own', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, documents: [{}, {}] });
      const offerLevel = await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' });
      expect(offerLevel.statusCode).toBe(409);
      expect(offerLevel.json().error.message).toBe('This offer has several documents; sign each one from its own page.');
      const statuses: string[] = [];
      for (const documentId of documentIds) {
        const body = multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }]);
        const response = await post(ada, offerApiPaths.documentAccept(offerId, documentId), body.payload, body.headers);
        expect(response.statusCode).toBe(200);
        statuses.push(OfferActionResponseSchema.parse(response.json()).offer.status);
      }
      expect(statuses).toEqual(['Extended', 'Accepted']);
      expect((await events(offerId)).map((e) => [e.seq, e.event.event_type])).toEqual([
        [1, 'accepted'],
        [2, 'accepted'],
      ]);
    });
  });

  describe('decline, expiry and final states', () => {
    it('declines with an optional reason the company sees; then nothing else is possible', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const response = await post(ada, offerApiPaths.decline(offerId), { reason_code: 'compensation', reason_text: '  Below my current pay ' });
      expect(response.statusCode).toBe(200);
      const body = OfferActionResponseSchema.parse(response.json());
      expect(body).toMatchObject({ message: 'Successfully rejected the offer', receipt: null, offer: { status: 'Declined' } });
      expect(await offerRow(offerId)).toMatchObject({ status: 'Declined', declineReasonCode: 'compensation', declineReasonText: 'Below my current pay' });
      const [event] = (await events(offerId)).map((e) => e.event);
      expect(event).toMatchObject({ event_type: 'declined', decline_reason_code: 'compensation', decline_reason_text: 'Below my current pay' });

      const accept = await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().error.message).toBe('You have already declined this offer.');
      expect((await post(ada, offerApiPaths.decline(offerId), {})).statusCode).toBe(409);
      expect(await events(offerId)).toHaveLength(1);
    });

    it('declines without a reason, and refuses an unknown reason code', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const bad = await post(ada, offerApiPaths.decline(offerId), { reason_code: 'salary' });
      expect(bad.statusCode).toBe(400);
      expect((await offerRow(offerId)).status).toBe('Extended');
      expect((await post(ada, offerApiPaths.decline(offerId))).statusCode).toBe(200);
      expect(await offerRow(offerId)).toMatchObject({ status: 'Declined', declineReasonCode: null, declineReasonText: null });
    });

    it('writes an expiry down on the first write after the deadline and answers 409 (spec §4)', async () => {
      for (const write of ['accept', 'decline'] as const) {
        const { offerId } = await insertTestOffer(context().database, { email: ADA.email, expiresAt: '2025-03-01T08:59:59.999Z' });
        const response =
          write === 'accept'
            ? await signInline(ada, offerId, { agreed: 'true', signature: 'Ada Lovelace' })
            : await post(ada, offerApiPaths.decline(offerId), { reason_code: 'other' });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toMatch(/^This offer has expired/);
        expect((await offerRow(offerId)).status).toBe('Expired');
        expect((await events(offerId)).map((e) => [e.event.event_type, e.event.status_before, e.event.status_after])).toEqual([
          ['expired', 'Extended', 'Expired'],
        ]);
        // Final now: a retry answers the same and writes nothing more.
        expect((await post(ada, offerApiPaths.decline(offerId))).statusCode).toBe(409);
        expect(await events(offerId)).toHaveLength(1);
      }
    });

    it('refuses every write on the seeded Canceled, Accepted and Declined offers', async () => {
      const before = await offerTableCounts(context().database);
      for (const [offerId, message] of [
        ['offer-ada-canceled', 'This offer has been withdrawn.'],
        ['offer-ada-accepted', 'You have already accepted this offer.'],
        ['offer-ada-declined', 'You have already declined this offer.'],
      ] as const) {
        const decline = await post(ada, offerApiPaths.decline(offerId));
        expect(decline.statusCode).toBe(409);
        expect(decline.json().error.message).toBe(message);
      }
      expect(await offerTableCounts(context().database)).toEqual(before);
    });
  });

  describe('upload path (spec §5 "Upload and download")', () => {
    it('stores the uploaded file unchanged with a receipt and full evidence', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, documents: [{ signingMode: 'upload' }] });
      const documentId = documentIds[0] as string;
      const pdf = await smallPdf(7);
      const body = multipart([{ name: 'signed_offer_letter_pdf_file', filename: 'signed letter.pdf', content: pdf }]);
      const response = await post(ada, offerApiPaths.accept(offerId), body.payload, body.headers);
      expect(response.statusCode).toBe(200);
      const result = OfferActionResponseSchema.parse(response.json());
      expect(result.message).toBe(OfferMessages.acceptSuccess);
      expect(result.receipt).toMatchObject({ method: 'upload', document_sha256: sha256Hex(pdf) });
      expect(result.offer.status).toBe('Accepted');
      const doc = await documentRow(documentId);
      expect(doc).toMatchObject({ signedMethod: 'upload', uploadedSha256: sha256Hex(pdf), uploadedFileName: 'signed letter.pdf', signedPdf: null });
      expect(Buffer.compare(Buffer.from(doc.uploadedPdf as Uint8Array), Buffer.from(pdf))).toBe(0);

      const [event] = (await events(offerId)).map((e) => e.event);
      expect(event).toMatchObject({ event_type: 'uploaded', result_document_sha256: sha256Hex(pdf), shown_document_sha256: doc.originalSha256 });
      expect(missingEvidence(event!)).toEqual([]);

      const download = await ada.request({ method: 'GET', url: offerApiPaths.download(offerId, documentId) });
      expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(pdf));
      const receipt = await ada.request({ method: 'GET', url: offerApiPaths.receipt(offerId, documentId) });
      expect(receipt.statusCode).toBe(200);
      expect(Buffer.compare(receipt.rawPayload.subarray(0, pdf.length), Buffer.from(pdf))).toBe(0);
      const { pages } = await readPdfText(receipt.rawPayload);
      expect(squash(pages[0] ?? '')).toContain('Signed copy received Ada Lovelace');
      expect(squash(pages[1] ?? '')).toContain(sha256Hex(pdf));
      expect(squash(pages[1] ?? '')).toContain('Method Upload of a copy signed by hand');
      expect(squash(pages[1] ?? '')).toContain('IP address 127.0.0.1');
      // Drawn from the stored file and event: the same bytes on every download.
      const again = await ada.request({ method: 'GET', url: offerApiPaths.receipt(offerId, documentId) });
      expect(sha256Hex(again.rawPayload)).toBe(sha256Hex(receipt.rawPayload));

      // In the language the candidate reads (hl on the link, else Accept-Language); the uploaded bytes stay the prefix.
      for (const [query, acceptLanguage, locale] of [['?hl=de', 'fr', 'de'], ['', 'ja,en;q=0.5', 'ja']] as const) {
        const t = translator(locale, 'pdf');
        const localized = await ada.request({ method: 'GET', url: offerApiPaths.receipt(offerId, documentId) + query, headers: { 'accept-language': acceptLanguage } });
        expect(Buffer.compare(localized.rawPayload.subarray(0, pdf.length), Buffer.from(pdf))).toBe(0);
        const text = (await readPdfText(localized.rawPayload)).pages.map(squash);
        expect(text[0]).toContain(t('stamp.received'));
        expect(text[1]).toContain(t('certificate.title'));
        expect(text[1]).toContain(sha256Hex(pdf));
      }
    });

    it('takes signed_document_file on the document route', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
      const body = multipart([{ name: 'signed_document_file', filename: 'mine.pdf', content: await smallPdf(8) }]);
      const response = await post(ada, offerApiPaths.documentAccept(offerId, documentIds[0] as string), body.payload, body.headers);
      expect(response.statusCode).toBe(200);
      expect((await documentRow(documentIds[0] as string)).signedMethod).toBe('upload');
    });

    it('refuses bad uploads with a clear 4xx and stores nothing', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const pdf = await smallPdf(9);
      const encrypted = handmadePdf({ trailerExtra: '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >> /ID [<0a0b> <0a0b>]' });
      const oversize = Buffer.concat([Buffer.from(pdf), Buffer.alloc(10 * 1048576 + 1 - pdf.length, 0x20)]);
      const field = 'signed_offer_letter_pdf_file';
      const cases: [string, ReturnType<typeof multipart>, number, string][] = [
        ['not a PDF', multipart([{ name: field, filename: 'letter.pdf', content: Buffer.from('MZ\x90\x00 windows program') }]), 415, 'The file is a program, not a PDF.'],
        ['encrypted', multipart([{ name: field, filename: 'letter.pdf', content: encrypted }]), 400, 'The PDF is password-protected'],
        ['oversize by 1 byte', multipart([{ name: field, filename: 'letter.pdf', content: oversize }]), 413, 'The file is larger than 10 MB.'],
        ['two files', multipart([{ name: field, filename: 'a.pdf', content: pdf }, { name: field, filename: 'b.pdf', content: pdf }]), 400, 'You should upload at most 1 file'],
        ['empty', multipart([{ name: field, filename: 'letter.pdf', content: new Uint8Array() }]), 400, 'The file is empty.'],
        ['no file', multipart([]), 400, 'Choose the signed offer letter'],
        ['no file chosen in the browser', multipart([{ name: field, filename: '', content: new Uint8Array() }]), 400, 'Choose the signed offer letter'],
        ['another field name', multipart([{ name: 'file', filename: 'letter.pdf', content: pdf }]), 400, 'Upload the file in the form field'],
        ['file and signature', multipart([{ name: field, filename: 'a.pdf', content: pdf }, { name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }]), 400, 'Send either a signed file or a typed signature'],
        ['path traversal name', multipart([{ name: field, filename: '../../etc/passwd.pdf', content: pdf }]), 400, 'The file name contains characters that are not allowed.'],
      ];
      const before = await offerTableCounts(context().database);
      for (const [name, body, status, message] of cases) {
        const response = await post(ada, offerApiPaths.accept(offerId), body.payload, body.headers);
        expect(response.statusCode, name).toBe(status);
        expect(response.headers['content-type'], name).toContain('application/json');
        expect(response.json().error.message, name).toContain(message);
      }
      expect(await offerTableCounts(context().database)).toEqual(before);
      expect((await offerRow(offerId)).status).toBe('Extended');
    });
  });

  describe('odd request bodies', () => {
    it('answers a JSON 4xx to malformed, oversized or repeated multipart fields, storing nothing', async () => {
      const { offerId } = await insertTestOffer(context().database, { email: ADA.email });
      const before = await offerTableCounts(context().database);
      const cut = multipart([{ name: 'signed_offer_letter_pdf_file', filename: 'a.pdf', content: await smallPdf(3) }]);
      const cases: [string, { payload: Buffer; headers: Record<string, string> }, number][] = [
        ['cut off', { payload: cut.payload.subarray(0, cut.payload.length - 40), headers: cut.headers }, 400],
        ['a 10 KB signature', multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'A'.repeat(10_000) }]), 413],
        ['the signature twice', multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }, { name: 'signature', value: 'Ada Lovelace' }]), 400],
        ['too many fields', multipart(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' }))), 413],
        ['a __proto__ field', multipart([{ name: '__proto__', value: 'x' }]), 400],
        ['a NUL in the signature', multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada\u0000Lovelace' }]), 400],
      ];
      for (const [name, body, status] of cases) {
        const response = await post(ada, offerApiPaths.accept(offerId), body.payload, body.headers);
        expect(response.statusCode, name).toBe(status);
        expect(response.json().error.message, name).toEqual(expect.any(String));
      }
      // Text is not a form: nothing in it is read as a field.
      const text = await post(ada, offerApiPaths.accept(offerId), 'agreed=true&signature=Ada Lovelace', { 'content-type': 'text/plain' });
      expect(text.statusCode).toBe(400);
      expect(await offerTableCounts(context().database)).toEqual(before);
      expect(Object.prototype).not.toHaveProperty('x');
    });
  });

  describe('e-sign confirmation from the letter page (spec §4 E-sign)', () => {
    it('confirms nothing that the server did not record itself (T11)', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, documents: [{ signingMode: 'esign' }] });
      const documentId = documentIds[0] as string;
      const empty = multipart([]);
      const confirm = await post(ada, offerApiPaths.documentAccept(offerId, documentId), empty.payload, empty.headers);
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().error.message).toBe('This document has not been signed yet.');
      const status = await post(ada, offerApiPaths.esignStatus(offerId, documentId), { status: 'signed' });
      expect(status.statusCode).toBe(200);
      expect(EsignStatusResponseSchema.parse(status.json())).toMatchObject({ status: 'Unsigned', signed: false, esign_decision: null, receipt: null });
      expect((await post(ada, offerApiPaths.esignStatus(offerId, documentId), { status: 'maybe' })).statusCode).toBe(400);
      expect(await events(offerId)).toHaveLength(0);
      // An upload-less empty accept on an ordinary document is simply "no file".
      const plain = await insertTestOffer(context().database, { email: ADA.email });
      const noFile = await post(ada, offerApiPaths.documentAccept(plain.offerId, plain.documentIds[0] as string), empty.payload, empty.headers);
      expect(noFile.statusCode).toBe(400);
    });
  });
});
