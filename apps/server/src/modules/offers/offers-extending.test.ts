import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { createAppendOnlyTriggers, dropAppendOnlyTriggers } from '../../db/migrations/0003-offers';
import { ADA, createTestApp, manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { sha256Hex } from './offer-evidence';
import { inHours, signAsAda, offersServiceFor, positionOf, tenantIdOf } from './offers-company.test-support';
import { createOffersRepository, offersTransaction } from './offers.repository';
import { createOffersService, type OffersService } from './offers.service';
import { offerTableCounts, signedIn, smallPdf, testLetter } from './offers.test-support';
import { MAX_OFFER_VALIDITY_DAYS } from './offers-extending.service';

/**
 * Issue 10 "Offers", the company's side: extending an offer (the candidate then sees it), refusing a bad
 * letter with nothing written, cancel, the signed PDF and certificate, the evidence chain and its check, and
 * tenant isolation (another tenant's offer is 404). SQLite and PostgreSQL.
 */
forEachDatabase('offers extended by the company (issue 10)', (context) => {
  let app: FastifyInstance;
  let offers: OffersService;
  let acme: string;
  let globex: string;
  let position: { id: number; externalRef: string; title: string };
  const clock = manualClock();
  const database = () => context().database;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    offers = offersServiceFor(database(), clock);
    acme = await tenantIdOf(database(), 'acme.example');
    globex = await tenantIdOf(database(), 'globex.example');
    position = await positionOf(database(), acme);
  });
  afterAll(() => app.close());

  const extendToAda = async (overrides: Partial<Parameters<OffersService['extend']>[0]> = {}) =>
    offers.extend({
      tenantId: acme,
      candidate: { email: 'ADA@acme.example' },
      position: { externalRef: position.externalRef },
      documents: [{ pdf: await testLetter(), signing: 'inline' }],
      expiresAt: inHours(clock, 48),
      ...overrides,
    });

  it('extends an offer the candidate then sees in GET /api/offer/offers, with an extended event per document', async () => {
    const letter = await testLetter();
    const view = await extendToAda({
      position: { id: position.id },
      documents: [
        { pdf: letter, signing: 'inline', name: 'Offer letter' },
        { pdf: await smallPdf(7), signing: 'esign', name: 'Confidentiality agreement' },
      ],
    });
    expect(view.offer).toMatchObject({ status: 'Extended', positionId: position.id, positionName: position.title });
    expect(view.documents.map((doc) => [doc.name, doc.signingMode, doc.status])).toEqual([
      ['Offer letter', 'inline', 'Unsigned'],
      ['Confidentiality agreement', 'esign', 'Unsigned'],
    ]);
    expect(view.documents[0]?.originalSha256).toBe(sha256Hex(letter));

    const ada = await signedIn(app, ADA);
    const listed = await ada.request({ method: 'GET', url: offerApiPaths.list() });
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json() as { offers: { id: string; status: string; offer_documents: unknown[] }[] }).offers.find((offer) => offer.id === view.offer.id);
    expect(mine).toMatchObject({ status: 'Extended' });
    expect(mine?.offer_documents).toHaveLength(2);

    const report = await offers.evidence(acme, view.offer.id);
    expect(report.events.map((row) => [row.event.event_type, row.event.document_id, row.event.shown_document_sha256])).toEqual([
      ['extended', view.documents[0]?.id, sha256Hex(letter)],
      ['extended', view.documents[1]?.id, view.documents[1]?.originalSha256],
    ]);
    expect(report.verification.ok).toBe(true);
  });

  describe('the candidate’s notification (issue 12)', () => {
    const notifications = () =>
      database().db.selectFrom('notifications').select(['candidateId', 'notificationType', 'redirectUrl', 'message']).where('categoryTitle', '=', 'Offer').execute();

    it('is written with the offer: action_required, linking to the offer', async () => {
      const before = (await notifications()).length;
      const view = await extendToAda();
      const after = await notifications();
      expect(after.length).toBe(before + 1);
      expect(after).toContainEqual({
        candidateId: view.offer.candidateId,
        notificationType: 'action_required',
        redirectUrl: `/careers/offer/${view.offer.id}`,
        message: `You have an offer for ${position.title}. Review and respond.`,
      });
    });

    it('is not written when the offer’s transaction fails, nor by a refused offer', async () => {
      const before = (await notifications()).length;
      const failing = createOffersService({
        repository: createOffersRepository(database().db, database().dialect),
        transaction: (work) =>
          offersTransaction(database())(async (repository) => {
            await work(repository);
            throw new Error('the offer failed after its notification was written');
          }),
        clock,
      });
      const counts = await offerTableCounts(database());
      await expect(
        failing.extend({ tenantId: acme, candidate: { email: ADA.email }, position: { id: position.id }, documents: [{ pdf: await testLetter(), signing: 'inline' }], expiresAt: inHours(clock, 48) }),
      ).rejects.toThrow('the offer failed');
      await expect(extendToAda({ expiresAt: inHours(clock, -1) })).rejects.toBeInstanceOf(ValidationError);
      expect(await offerTableCounts(database())).toEqual(counts);
      expect((await notifications()).length).toBe(before);
    });
  });

  it('refuses an unknown candidate, another tenant’s candidate or position, with nothing written', async () => {
    const before = await offerTableCounts(database());
    await expect(extendToAda({ candidate: { email: 'nobody@acme.example' } })).rejects.toThrow(/No candidate of this tenant/);
    await expect(extendToAda({ candidate: { email: 'hank@globex.example' } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(extendToAda({ tenantId: globex })).rejects.toThrow(/No candidate of this tenant/);
    await expect(extendToAda({ position: { externalRef: 'no-such-ref' } })).rejects.toThrow(/No position of this tenant/);
    const globexPosition = await positionOf(database(), globex);
    await expect(extendToAda({ position: { id: globexPosition.id } })).rejects.toThrow(/No position of this tenant/);
    expect(await offerTableCounts(database())).toEqual(before);
  });

  it('refuses a bad letter through the upload check, even as the second document, with nothing written', async () => {
    const before = await offerTableCounts(database());
    const notPdf = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    await expect(extendToAda({ documents: [{ pdf: notPdf, signing: 'inline' }] })).rejects.toMatchObject({ statusCode: 415 });
    const good = await testLetter();
    const truncated = good.slice(0, good.length - 200);
    await expect(
      extendToAda({ documents: [{ pdf: good, signing: 'inline' }, { pdf: truncated, signing: 'upload' }] }),
    ).rejects.toThrow(/^Document 2 \("Offer document 2"\): The PDF is incomplete/);
    expect(await offerTableCounts(database())).toEqual(before);
  });

  it('refuses an expiry in the past, too soon, too far or not a full timestamp, and a wrong number of documents', async () => {
    await expect(extendToAda({ expiresAt: inHours(clock, -1) })).rejects.toBeInstanceOf(ValidationError);
    await expect(extendToAda({ expiresAt: inHours(clock, 0.5) })).rejects.toBeInstanceOf(ValidationError);
    await expect(extendToAda({ expiresAt: inHours(clock, 24 * (MAX_OFFER_VALIDITY_DAYS + 1)) })).rejects.toBeInstanceOf(ValidationError);
    await expect(extendToAda({ expiresAt: '2025-04-01' })).rejects.toThrow(/ISO-8601/);
    await expect(extendToAda({ documents: [] })).rejects.toBeInstanceOf(ValidationError);
    await expect(extendToAda({ documents: [{ pdf: await testLetter(), signing: 'inline', name: ' ' }] })).rejects.toBeInstanceOf(ValidationError);
  });

  it('cancels an Extended offer once (evidence event), and another tenant’s id is 404 everywhere', async () => {
    const { offer } = await extendToAda();
    await expect(offers.cancelForTenant(globex, offer.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(offers.getForTenant(globex, offer.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(offers.evidence(globex, offer.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await offers.listForTenant(globex)).some((view) => view.offer.id === offer.id)).toBe(false);
    expect((await offers.listForTenant(acme, { status: 'Extended' })).some((view) => view.offer.id === offer.id)).toBe(true);

    const canceled = await offers.cancelForTenant(acme, offer.id);
    expect(canceled.offer.status).toBe('Canceled');
    await expect(offers.cancelForTenant(acme, offer.id)).rejects.toBeInstanceOf(ConflictError);
    const report = await offers.evidence(acme, offer.id);
    expect(report.events.map((row) => row.event.event_type)).toEqual(['extended', 'canceled']);
    expect(report.verification.ok).toBe(true);
  });

  it('returns the signed PDF and its certificate once signed, 404 before and for another tenant', async () => {
    const { offer, documents } = await extendToAda();
    const documentId = documents[0]?.id as string;
    await expect(offers.signedPdf(acme, offer.id, documentId)).rejects.toThrow(/not been signed yet/);
    await expect(offers.certificate(acme, offer.id)).rejects.toThrow(/No document of this offer has been signed/);

    const ada = await signedIn(app, ADA);
    const accepted = await signAsAda(ada, offer.id);
    expect(accepted.statusCode).toBe(200);

    const signed = await offers.signedPdf(acme, offer.id, documentId);
    const stored = (await offers.getForTenant(acme, offer.id)).documents[0];
    expect(sha256Hex(signed)).toBe(stored?.signedSha256);
    const certificate = await offers.certificate(acme, offer.id);
    expect(certificate.documentId).toBe(documentId);
    expect(Buffer.from(certificate.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    await expect(offers.signedPdf(globex, offer.id, documentId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(offers.signedPdf(acme, offer.id, 'doc-of-nobody')).rejects.toBeInstanceOf(NotFoundError);
    const report = await offers.evidence(acme, offer.id);
    expect(report.events.map((row) => row.event.event_type)).toEqual(['extended', 'accepted']);
    expect(report.events.every((row) => row.missing.length === 0)).toBe(true);
  });

  describe('evidence verification', () => {
    it('detects a tampered event', async () => {
      const { offer } = await extendToAda();
      await offers.cancelForTenant(acme, offer.id);
      expect((await offers.evidence(acme, offer.id)).verification.ok).toBe(true);
      const { db } = database();
      await dropAppendOnlyTriggers(db.withoutPlugins() as unknown as Kysely<unknown>, context().dialect);
      try {
        await db.updateTable('offerEvents').set({ statusAfter: 'Accepted' }).where('offerId', '=', offer.id).where('eventType', '=', 'canceled').execute();
      } finally {
        await createAppendOnlyTriggers(db.withoutPlugins() as unknown as Kysely<unknown>, context().dialect);
      }
      expect((await offers.evidence(acme, offer.id)).verification).toEqual({ ok: false, brokenAt: 1, reason: 'hash' });
    });
  });
});
