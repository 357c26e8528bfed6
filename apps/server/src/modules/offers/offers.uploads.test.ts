import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { sha256Hex } from './offer-evidence';
import { insertTestOffer, multipart, offerTableCounts, signedIn, smallPdf } from './offers.test-support';
import { buildUploadCorpus, type Sample } from './signed-upload.corpus';

/**
 * The upload path over HTTP. T07: a sample of the malformed corpus (the validator's own suite runs all of
 * it) through both accept routes → a JSON 4xx with a message, no 5xx, nothing stored. T08: valid files up to
 * the 10 MB limit uploaded and downloaded back byte for byte, under a server-made name, as an attachment,
 * with nosniff. SQLite takes 100 files, PostgreSQL 30 (the receipt stamping per upload dominates the time).
 */

let corpus: Awaited<ReturnType<typeof buildUploadCorpus>>;

beforeAll(async () => {
  corpus = await buildUploadCorpus();
}, 60_000);

/** Names no browser can send as UTF-8 (a lone surrogate arrives as U+FFFD) are left to the validator's suite. */
const sendable = (sample: Sample): boolean => !/[\ud800-\udfff]/u.test(sample.filename.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

function malformedSample(): Sample[] {
  const must = ['oversize by one byte', 'empty', 'encrypted handmade 1', 'encrypted update 3', 'truncated inside %%EOF', 'pdf-lib attachment', 'zip word/document.xml renamed .docx', 'program pe', 'html in the pdf head', 'zip appended after %%EOF'];
  const picked = corpus.malformed.filter((sample) => must.includes(sample.label));
  const rest = corpus.malformed.filter((sample) => !must.includes(sample.label) && sample.bytes.length <= 1048576 && sendable(sample));
  for (let index = 0; index < rest.length && picked.length < 50; index += Math.ceil(rest.length / 40)) picked.push(rest[index] as Sample);
  return picked;
}

forEachDatabase('offer uploads over HTTP (T07, T08)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock: manualClock() }));
    ada = await signedIn(app, ADA);
  });
  afterAll(() => app.close());

  it('T07: refuses a sample of the malformed corpus with a JSON 4xx and stores nothing', async () => {
    const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
    const samples = malformedSample();
    expect(samples.length).toBeGreaterThanOrEqual(40);
    const before = await offerTableCounts(context().database);
    const statuses = new Map<number, number>();
    for (const [index, sample] of samples.entries()) {
      const onDocument = index % 2 === 1;
      const body = multipart([{ name: onDocument ? 'signed_document_file' : 'signed_offer_letter_pdf_file', filename: sample.filename, content: sample.bytes }]);
      const url = onDocument ? offerApiPaths.documentAccept(offerId, documentIds[0] as string) : offerApiPaths.accept(offerId);
      const response = await ada.request({ method: 'POST', url, ...body });
      expect(response.statusCode, sample.label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, sample.label).toBeLessThan(500);
      expect(response.headers['content-type'], sample.label).toContain('application/json');
      const { error } = response.json() as { error: { code: string; message: string } };
      expect(error.message, sample.label).toMatch(/^[A-Z].{10,200}[.e]$/);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(await offerTableCounts(context().database)).toEqual(before);
    expect((await context().database.db.selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status).toBe('Extended');
    console.info(`T07 HTTP ${context().dialect}: ${samples.length} malformed uploads refused (${JSON.stringify(Object.fromEntries(statuses))}), 0 stored, 0 5xx`);
  }, 60_000);

  it('T08: round-trips valid uploads byte for byte, as attachments under server-made names', async () => {
    const count = context().dialect === 'sqlite' ? 100 : 30;
    const files: Sample[] = [...corpus.valid];
    for (let seed = 0; files.length < count; seed++) {
      files.push({ label: `generated ${seed}`, bytes: await smallPdf(seed, 1 + (seed % 3)), filename: `signed-${seed}.pdf` });
    }
    const chosen = files.slice(0, count);
    expect(chosen.some((file) => file.bytes.length === 10 * 1048576)).toBe(true);
    for (const [index, file] of chosen.entries()) {
      const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
      const documentId = documentIds[0] as string;
      const onDocument = index % 2 === 1;
      const body = multipart([{ name: onDocument ? 'signed_document_file' : 'signed_offer_letter_pdf_file', filename: file.filename, content: file.bytes }]);
      const upload = await ada.request({ method: 'POST', url: onDocument ? offerApiPaths.documentAccept(offerId, documentId) : offerApiPaths.accept(offerId), ...body });
      expect(upload.statusCode, file.label).toBe(200);

      const download = await ada.request({ method: 'GET', url: offerApiPaths.download(offerId, documentId) });
      expect(download.statusCode, file.label).toBe(200);
      expect(sha256Hex(download.rawPayload), file.label).toBe(sha256Hex(file.bytes));
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      // The name is ours, whatever the browser called the file.
      expect(download.headers['content-disposition']).toBe(`attachment; filename="offer-letter-${offerId}.pdf"; filename*=UTF-8''offer-letter-${offerId}.pdf`);
      const row = await context().database.db.selectFrom('offerDocuments').select(['uploadedSha256', 'uploadedFileName']).where('id', '=', documentId).executeTakeFirstOrThrow();
      expect(row.uploadedSha256).toBe(sha256Hex(file.bytes));
    }
    console.info(`T08 ${context().dialect}: ${chosen.length} uploads (largest ${Math.max(...chosen.map((f) => f.bytes.length))} bytes) downloaded back with identical SHA-256`);
  }, 90_000);
});
