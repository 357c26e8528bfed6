import { profileFullName } from '@careers/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REFERENCE_DATE, TEST_SEED_OPTIONS } from '../../test/app';
import { createTestDatabase, forEachDatabase, type TestDatabase } from '../../test/databases';
import { missingEvidence, sha256Hex } from '../../modules/offers/offer-evidence';
import { createOffersRepository } from '../../modules/offers/offers.repository';
import { createOffersService } from '../../modules/offers/offers.service';
import { readPdfText } from '../../modules/pdf/read-pdf-text';
import type { Database } from '../../db/database';
import { DEMO_OFFERS } from './demo-offers';
import { resetDatabase, seedDemo } from './seed';

const OPTIONS = { ...TEST_SEED_OPTIONS, positions: 5 };

async function dumpOffers(database: Database): Promise<string> {
  const { db } = database;
  const rows = await Promise.all([
    db.selectFrom('offers').selectAll().orderBy('id').execute(),
    db.selectFrom('offerDocuments').selectAll().orderBy('id').execute(),
    db.selectFrom('offerEvents').selectAll().orderBy('offerId').orderBy('seq').execute(),
  ]);
  return JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? sha256Hex(value) : value));
}

forEachDatabase('demo offers seed', (context) => {
  beforeAll(async () => {
    await seedDemo(context().database, OPTIONS);
  });

  it('seeds every status for Ada, each document mode, and one offer each for Grace and Hank', async () => {
    const { db } = context().database;
    const offers = await db
      .selectFrom('offers')
      .innerJoin('candidates', 'candidates.id', 'offers.candidateId')
      .select(['offers.id', 'offers.status', 'candidates.email', 'offers.expiresAt'])
      .orderBy('offers.id')
      .execute();
    expect(offers.map((offer) => [offer.id, offer.status, offer.email])).toEqual([
      ['offer-ada-accepted', 'Accepted', 'ada@acme.example'],
      ['offer-ada-canceled', 'Canceled', 'ada@acme.example'],
      ['offer-ada-declined', 'Declined', 'ada@acme.example'],
      ['offer-ada-esign', 'Extended', 'ada@acme.example'],
      // Stored Extended, its deadline five days before the reference date: it reads Expired.
      ['offer-ada-expired', 'Extended', 'ada@acme.example'],
      ['offer-ada-extended', 'Extended', 'ada@acme.example'],
      ['offer-ada-upload', 'Extended', 'ada@acme.example'],
      ['offer-grace-extended', 'Extended', 'grace@acme.example'],
      ['offer-hank-extended', 'Extended', 'hank@globex.example'],
    ]);
    expect(offers.find((offer) => offer.id === 'offer-ada-expired')?.expiresAt).toBe('2025-02-24T00:00:00.000Z');
    const documents = await db.selectFrom('offerDocuments').select(['id', 'status', 'signingMode', 'signedMethod']).orderBy('id').execute();
    expect(documents).toContainEqual({ id: 'doc-ada-esign-letter', status: 'Unsigned', signingMode: 'esign', signedMethod: null });
    expect(documents).toContainEqual({ id: 'doc-ada-upload-letter', status: 'Unsigned', signingMode: 'upload', signedMethod: null });
    expect(documents).toContainEqual({ id: 'doc-ada-extended-benefits', status: 'Pending', signingMode: 'inline', signedMethod: null });
    expect(documents).toContainEqual({ id: 'doc-ada-accepted-letter', status: 'Signed', signingMode: 'inline', signedMethod: 'inline' });
    expect(documents).toHaveLength(DEMO_OFFERS.reduce((sum, offer) => sum + offer.documents.length, 0));
  });

  it('gives each letter real content and the accepted one a real signature with a valid evidence chain', async () => {
    const { db } = context().database;
    const letter = await db.selectFrom('offerDocuments').select(['originalPdf', 'signedPdf']).where('id', '=', 'doc-ada-accepted-letter').executeTakeFirstOrThrow();
    const original = await readPdfText(letter.originalPdf as Uint8Array);
    expect(original.pageCount).toBe(2);
    expect(original.pages[0]).toContain('Robotics Software Engineer');
    expect(original.pages[0]).toContain('Dear Ada Lovelace,');
    const signed = await readPdfText(letter.signedPdf as Uint8Array);
    expect(signed.pages[1]).toContain('Electronically signed');
    expect(signed.pages[2]).toContain('Signed at (UTC) 2025-01-05T00:00:00.000Z');

    const repository = createOffersRepository(db, context().dialect);
    const service = createOffersService({ repository, transaction: () => Promise.reject(new Error('read only')), clock: { now: () => TEST_REFERENCE_DATE } });
    for (const offer of DEMO_OFFERS) {
      expect(await service.verifyEvidence(offer.id)).toMatchObject({ ok: true });
      for (const stored of await repository.listEvents(offer.id)) expect(missingEvidence(stored.event)).toEqual([]);
    }
    const history = async (offerId: string) => (await repository.listEvents(offerId)).map((stored) => stored.event.event_type);
    expect(await history('offer-ada-accepted')).toEqual(['viewed', 'accepted']);
    expect(await history('offer-ada-declined')).toEqual(['declined']);
    expect(await history('offer-ada-canceled')).toEqual(['canceled']);
    expect(await history('offer-ada-extended')).toEqual([]);
    const hank = await db.selectFrom('candidates').select(['firstName', 'lastName']).where('email', '=', 'hank@globex.example').executeTakeFirstOrThrow();
    const hankLetter = await db.selectFrom('offerDocuments').select('originalPdf').where('id', '=', 'doc-hank-extended-letter').executeTakeFirstOrThrow();
    expect((await readPdfText(hankLetter.originalPdf as Uint8Array)).pages[0]).toContain(`Dear ${profileFullName(hank.firstName, hank.lastName)},`);
  });
});

describe('demo offers seed: determinism, reset, bench offers (SQLite)', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase('sqlite'), createTestDatabase('sqlite')]);
  });
  afterAll(async () => {
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('gives identical offers, files and evidence on every seed, and after a reset', async () => {
    await seedDemo(first.database, OPTIONS);
    await seedDemo(second.database, OPTIONS);
    const expected = await dumpOffers(first.database);
    expect(await dumpOffers(second.database)).toBe(expected);
    await resetDatabase(second.database);
    expect(await second.database.db.selectFrom('offerEvents').select('id').execute()).toEqual([]);
    await seedDemo(second.database, OPTIONS);
    expect(await dumpOffers(second.database)).toBe(expected);
  });

  it('adds open offers with a 10-page letter for the signing benchmark', async () => {
    await resetDatabase(second.database);
    const summary = await seedDemo(second.database, { ...OPTIONS, benchOffers: 3 });
    expect(summary.offers).toBe(DEMO_OFFERS.length + 3);
    const bench = await second.database.db
      .selectFrom('offers')
      .innerJoin('offerDocuments', 'offerDocuments.offerId', 'offers.id')
      .select(['offers.id', 'offers.status', 'offerDocuments.originalPdf'])
      .where('offers.id', 'like', 'offer-bench-%')
      .orderBy('offers.id')
      .execute();
    expect(bench.map((row) => [row.id, row.status])).toEqual([
      ['offer-bench-00001', 'Extended'],
      ['offer-bench-00002', 'Extended'],
      ['offer-bench-00003', 'Extended'],
    ]);
    expect((await PDFDocument.load(bench[0]?.originalPdf as Uint8Array)).getPageCount()).toBe(10);
  });
});
