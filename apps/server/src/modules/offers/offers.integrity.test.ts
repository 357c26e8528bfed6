import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createAppendOnlyTriggers, dropAppendOnlyTriggers } from '../../db/migrations/0003-offers';
import { missingEvidence, sha256Hex, type OfferEventRow } from './offer-evidence';
import { createOffersRepository } from './offers.repository';
import { createOffersService } from './offers.service';
import { TEST_UA, insertTestOffer, multipart, signedIn, smallPdf } from './offers.test-support';

/**
 * T13 (parallel accept ‖ decline: exactly one wins, the other gets 409 and changes nothing) and T14 (after a
 * mixed run every stored event is complete, every chain verifies, the downloaded file's hash is the recorded
 * one, UPDATE and DELETE are refused by trigger, and a byte flipped in a stored row is always detected).
 * PostgreSQL runs 30 pairs instead of 100 to keep the suite short; its row locks are what is under test.
 */

const TEXT_COLUMNS = [
  'ip',
  'user_agent',
  'session_hash',
  'typed_signature',
  'consent_sha256',
  'shown_document_sha256',
  'result_document_sha256',
  'document_id',
  'status_after',
  'event_type',
  'decline_reason_text',
  'hash',
  'previous_hash',
  'candidate_id',
] as const;

const flipOneCharacter = (value: string, at: number): string => {
  const index = at % value.length;
  const char = value[index] as string;
  const replacement = char === 'a' ? 'b' : 'a';
  return value.slice(0, index) + replacement + value.slice(index + 1);
};

forEachDatabase('offer integrity (T13, T14)', (context) => {
  let app: FastifyInstance;
  let tab1: TestClient;
  let tab2: TestClient;
  const clock = manualClock();
  const touchedOffers: string[] = [];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    // Two sittings of one candidate: two tabs, two devices.
    tab1 = await signedIn(app, ADA);
    tab2 = await signedIn(app, ADA, '198.51.100.7');
  });
  afterAll(() => app.close());

  const db = () => context().database.db;
  const repository = () => createOffersRepository(db(), context().dialect);
  const post = (client: TestClient, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: 'POST', url, payload: payload as never, headers: { 'user-agent': TEST_UA, ...headers } });
  const inline = () => multipart([{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }]);
  const acceptInline = (client: TestClient, offerId: string) => {
    const body = inline();
    return post(client, offerApiPaths.accept(offerId), body.payload, body.headers);
  };
  const statusOf = async (offerId: string) => (await db().selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;

  describe('T13: racing writes', () => {
    it('lets exactly one of each accept ‖ decline pair win; the loser gets 409 and changes nothing', async () => {
      const pairs = context().dialect === 'sqlite' ? 100 : 30;
      const withLetters = context().dialect === 'sqlite' ? 6 : 3;
      const offers: { offerId: string }[] = [];
      // Most pairs race on offers without documents (the state change alone); some on real letters (stamping).
      for (let index = 0; index < pairs; index++) {
        offers.push(await insertTestOffer(context().database, { email: ADA.email, documents: index < withLetters ? [{}] : [] }));
      }
      const race = async ({ offerId }: { offerId: string }, index: number) => {
          // Each side is held back a little on some pairs, so both orders and near-ties happen; which one wins is
          // not asserted, only that exactly one does.
          const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
          const holdBack = (index % 3) * 4;
          const [accept, decline] = await Promise.all([
            later(index % 2 === 0 ? 0 : holdBack).then(() => acceptInline(tab1, offerId)),
            later(index % 2 === 0 ? holdBack : 0).then(() => post(tab2, offerApiPaths.decline(offerId), { reason_code: 'other' })),
          ]);
          return { offerId, accept: accept.statusCode, decline: decline.statusCode, acceptBody: accept.json(), declineBody: decline.json() };
      };
      // Ten pairs at a time: enough overlap for the races, little enough load for the hold-backs to matter.
      const results = [];
      for (let start = 0; start < offers.length; start += 10) {
        results.push(...(await Promise.all(offers.slice(start, start + 10).map((offer, index) => race(offer, start + index)))));
      }
      let accepted = 0;
      for (const result of results) {
        touchedOffers.push(result.offerId);
        expect([result.accept, result.decline].sort(), result.offerId).toEqual([200, 409]);
        const status = await statusOf(result.offerId);
        expect(status).toBe(result.accept === 200 ? 'Accepted' : 'Declined');
        const loser = result.accept === 200 ? result.declineBody : result.acceptBody;
        expect(loser.error.message).toBe(result.accept === 200 ? 'You have already accepted this offer.' : 'You have already declined this offer.');
        const events = await repository().listEvents(result.offerId);
        expect(events.map((e) => e.event.event_type)).toEqual([result.accept === 200 ? 'accepted' : 'declined']);
        if (result.accept === 200) accepted++;
      }
      console.info(`T13 ${context().dialect}: ${pairs} accept‖decline pairs, ${accepted} accepted, ${pairs - accepted} declined, 0 double wins`);
    }, 60_000);

    it('refuses, inside its transaction, an accept that passed its pre-check but lost while stamping', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
      touchedOffers.push(offerId);
      const accepting = acceptInline(tab1, offerId);
      // The accept is stamping the letter by now (≥ 100 ms of work); the decline commits meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect((await post(tab2, offerApiPaths.decline(offerId))).statusCode).toBe(200);
      const accepted = await accepting;
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().error.message).toBe('You have already declined this offer.');
      const doc = await db().selectFrom('offerDocuments').selectAll().where('id', '=', documentIds[0] as string).executeTakeFirstOrThrow();
      expect(doc).toMatchObject({ status: 'Unsigned', signed: 0, signedPdf: null, signedSha256: null });
      expect((await repository().listEvents(offerId)).map((e) => e.event.event_type)).toEqual(['declined']);
    });

    it('answers the loser of a double offer-level accept as if it were sent alone (a Pending document remains)', async () => {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, documents: [{}, { status: 'Pending' }] });
      touchedOffers.push(offerId);
      const answers = await Promise.all([acceptInline(tab1, offerId), acceptInline(tab2, offerId)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      // Both passed the pre-check on the same letter; the transaction re-picks on what it reads: nothing to sign but a Pending document.
      expect(loser?.json().error.message).toBe('This document is still being processed. Please try again later.');
      expect(await statusOf(offerId)).toBe('Extended');
      expect((await repository().listEvents(offerId)).map((e) => [e.event.event_type, e.event.document_id])).toEqual([['accepted', documentIds[0]]]);
    });

    it('lets one of two tabs sign the same letter (double click), never both', async () => {
      for (let round = 0; round < 3; round++) {
        const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
        touchedOffers.push(offerId);
        const upload = multipart([{ name: 'signed_document_file', filename: 'mine.pdf', content: await smallPdf(round) }]);
        const [first, second] = await Promise.all([
          acceptInline(tab1, offerId),
          post(tab2, offerApiPaths.documentAccept(offerId, documentIds[0] as string), upload.payload, upload.headers),
        ]);
        expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
        const doc = await db().selectFrom('offerDocuments').selectAll().where('id', '=', documentIds[0] as string).executeTakeFirstOrThrow();
        // Exactly the winner's file is stored, nothing of the loser's.
        expect(doc.signedMethod === 'inline' ? doc.uploadedPdf : doc.signedPdf).toBeNull();
        expect(await repository().listEvents(offerId)).toHaveLength(1);
      }
    }, 30_000);
  });

  describe('T14: the evidence chain', () => {
    it('keeps every event complete and every chain valid after a mixed run', async () => {
      // A mixed history on one offer: views from two sittings, an e-sign rejection, a signature, then refusals.
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, documents: [{ signingMode: 'esign' }, {}] });
      touchedOffers.push(offerId);
      const [esignDoc, letterDoc] = documentIds as [string, string];
      await post(tab1, offerApiPaths.viewed(offerId), { document_id: letterDoc });
      await post(tab2, offerApiPaths.viewed(offerId), { document_id: esignDoc });
      const minted = await post(tab2, offerApiPaths.esignToken(offerId, esignDoc));
      const token = new URL((minted.json() as { url: string }).url, 'http://localhost').searchParams.get('token') as string;
      expect((await post(tab2, `/api/esign/reject?token=${token}`, {})).statusCode).toBe(200);
      const letterBody = inline();
      expect((await post(tab1, offerApiPaths.documentAccept(offerId, letterDoc), letterBody.payload, letterBody.headers)).statusCode).toBe(200);
      const upload = multipart([{ name: 'signed_document_file', filename: 'scan.pdf', content: await smallPdf(42) }]);
      expect((await post(tab2, offerApiPaths.documentAccept(offerId, esignDoc), upload.payload, upload.headers)).statusCode).toBe(200);
      expect((await post(tab1, offerApiPaths.decline(offerId))).statusCode).toBe(409);
      // And an expiry written down on write, and a company cancel.
      const late = await insertTestOffer(context().database, { email: ADA.email, expiresAt: '2025-03-01T08:00:00.000Z' });
      expect((await post(tab1, offerApiPaths.decline(late.offerId))).statusCode).toBe(409);
      const withdrawn = await insertTestOffer(context().database, { email: ADA.email });
      const ada = await db().selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', ADA.email).executeTakeFirstOrThrow();
      await createOffersService({
        repository: repository(),
        transaction: (work) => db().transaction().execute((trx) => work(createOffersRepository(trx, context().dialect))),
        clock,
      }).cancel({ tenantId: ada.tenantId, candidateId: ada.id }, withdrawn.offerId);
      touchedOffers.push(late.offerId, withdrawn.offerId, 'offer-ada-accepted', 'offer-ada-declined', 'offer-ada-canceled');

      const history = (await repository().listEvents(offerId)).map((e) => e.event.event_type);
      expect(history).toEqual(['viewed', 'viewed', 'esign_rejected', 'accepted', 'uploaded']);

      const allEvents = await db().selectFrom('offerEvents').select(['offerId']).distinct().execute();
      let checked = 0;
      for (const { offerId: id } of allEvents) {
        expect(await createOffersService({ repository: repository(), transaction: () => Promise.reject(new Error('read only')), clock }).verifyEvidence(id)).toMatchObject({ ok: true });
        for (const stored of await repository().listEvents(id)) {
          expect(missingEvidence(stored.event), `${stored.event.event_type} of ${id}`).toEqual([]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(context().dialect === 'sqlite' ? 100 : 30);

      // The file a candidate downloads is the file the chain recorded.
      for (const documentId of documentIds) {
        const download = await tab1.request({ method: 'GET', url: offerApiPaths.download(offerId, documentId) });
        const [signing] = (await repository().listEvents(offerId)).filter((e) => e.event.document_id === documentId && ['accepted', 'uploaded'].includes(e.event.event_type));
        expect(sha256Hex(download.rawPayload)).toBe(signing?.event.result_document_sha256);
      }
    }, 30_000);

    it('refuses UPDATE and DELETE on stored events (append-only trigger)', async () => {
      const raw = db().withoutPlugins() as unknown as Kysely<unknown>;
      await expect(sql`update offer_events set ip = '10.0.0.1'`.execute(raw)).rejects.toThrow(/append-only/);
      await expect(sql`delete from offer_events`.execute(raw)).rejects.toThrow(/append-only/);
      expect(Number((await sql<{ n: number }>`select count(*) as n from offer_events where ip = '10.0.0.1'`.execute(raw)).rows[0]?.n)).toBe(0);
    });

    it('detects a single changed byte in any stored event, every time', async () => {
      const raw = db().withoutPlugins() as unknown as Kysely<unknown>;
      const service = createOffersService({ repository: repository(), transaction: () => Promise.reject(new Error('read only')), clock });
      const events = (await Promise.all(touchedOffers.map((id) => repository().listEvents(id)))).flat().slice(0, 200);
      const targets: { event: OfferEventRow; column: (typeof TEXT_COLUMNS)[number] | 'occurred_at' }[] = [];
      events.forEach((stored, index) => {
        const usable = [...TEXT_COLUMNS.filter((column) => typeof stored.event[column] === 'string' && (stored.event[column] as string).length > 0), 'occurred_at' as const];
        targets.push({ event: stored.event, column: usable[index % usable.length] as (typeof TEXT_COLUMNS)[number] });
      });
      expect(targets.length).toBeGreaterThanOrEqual(context().dialect === 'sqlite' ? 100 : 40);

      // Lifting the trigger is what an attacker with database access would do; the chain still tells.
      await dropAppendOnlyTriggers(raw, context().dialect);
      let detected = 0;
      try {
        for (const [index, { event, column }] of targets.entries()) {
          const original = event[column] as string | number;
          const tampered = column === 'occurred_at' ? (original as number) + 1 : flipOneCharacter(original as string, index * 7);
          await sql`update offer_events set ${sql.ref(column)} = ${tampered} where id = ${event.id}`.execute(raw);
          const verdict = await service.verifyEvidence(event.offer_id);
          if (!verdict.ok) detected++;
          await sql`update offer_events set ${sql.ref(column)} = ${original} where id = ${event.id}`.execute(raw);
          expect(await service.verifyEvidence(event.offer_id)).toMatchObject({ ok: true });
        }
      } finally {
        await createAppendOnlyTriggers(raw, context().dialect);
      }
      expect(detected).toBe(targets.length);
      console.info(`T14 ${context().dialect}: ${detected}/${targets.length} one-byte tamperings of stored events detected`);
    }, 30_000);
  });
});
