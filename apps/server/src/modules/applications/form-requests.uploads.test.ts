import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { buildUploadCorpus, handmadePdf, type UploadCorpus } from '../offers/signed-upload.corpus';
import { fileEntry } from './applications.test-support';

/**
 * T07 for forms-center uploads (issue 9 "Files uploaded in forms go through the same bounded, content-checked
 * upload path as offer letters"): the offer uploads' malformed corpus (≥ 200 crafted files: wrong magic, renamed
 * programs, truncated, encrypted and scripted PDFs, zip bombs, web pages, polyglots, bad names, one byte over
 * the size limit) and a few image forgeries, each as the Photo ID of Ada's otherwise valid preboarding form →
 * a JSON 4xx naming the field, never a 5xx; no uploaded file stored, the form request unchanged. Then a valid
 * PDF completes the form.
 */

const URL = '/api/pcsx/forms/form-request-ada-preboarding';
const ANSWERS = {
  legal_name: 'Augusta Ada King',
  date_of_birth: '1815-12-10',
  tax_country: 'CA',
  sin: '046-454-286',
  emergency_name: 'Charles Babbage',
  emergency_phone: '+1 4155552671',
};

let corpus: UploadCorpus;

beforeAll(async () => {
  corpus = await buildUploadCorpus();
}, 60_000);

/** Images that carry the right signature and nothing an image needs (the types this form also allows). */
const imageForgeries = (): { label: string; bytes: Uint8Array; filename: string }[] => [
  { label: 'png signature alone', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), filename: 'id.png' },
  { label: 'png cut off', bytes: new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(40)])), filename: 'id.png' },
  { label: 'jpeg without its end', bytes: new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)])), filename: 'id.jpg' },
  { label: 'script named .jpg', bytes: new Uint8Array(Buffer.from('#!/bin/sh\necho hi\n')), filename: 'id.jpg' },
];

forEachDatabase('forms center uploads (T07)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  const requestRow = () => context().database.db.selectFrom('formRequests').selectAll().where('id', '=', 'form-request-ada-preboarding').executeTakeFirstOrThrow();
  const storedFiles = async () => Number((await context().database.db.selectFrom('uploadedFiles').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);

  beforeAll(async () => {
    await seedForTests(context(), 10);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
  });
  afterAll(() => app.close());

  it('refuses ≥ 200 crafted files with a JSON 4xx on the field, stores none and leaves the form as it was', async () => {
    const crafted = [...corpus.malformed, ...imageForgeries()];
    expect(crafted.length).toBeGreaterThanOrEqual(200);
    const rowBefore = await requestRow();
    const filesBefore = await storedFiles();
    const statuses = new Map<number, number>();
    for (const sample of crafted) {
      const values = { ...ANSWERS, id_document: [fileEntry(sample.filename, Buffer.from(sample.bytes))] };
      const response = await ada.request({ method: 'POST', url: URL, payload: { values } });
      const what = `${sample.label} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
      const { error } = response.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
      expect(error.code, what).toMatch(/^[a-z_]+$/);
      // The candidate is told which field: a 400 names the Photo ID (or its entry; 413 is the body limit).
      if (response.statusCode === 400) for (const field of Object.keys(error.fields ?? {})) expect(field, what).toMatch(/(^|\.)id_document(\.|$)/);
      expect(error.message, what).not.toMatch(/exception|undefined|stack|pdf-lib|\bat [\w.<>]+ \(/i);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(await storedFiles()).toBe(filesBefore);
    expect(await requestRow()).toEqual(rowBefore);
    console.info(`T07 ${context().dialect} forms center: ${crafted.length} crafted files refused (${JSON.stringify(Object.fromEntries([...statuses].sort()))}), 0 5xx, 0 files stored, 0 rows changed`);
  }, 120_000);

  it('figure: what the PDF inspection adds to a submit (median of 15, inspected PDF vs a file refused by its bytes)', async () => {
    const encrypted = Buffer.from(corpus.malformed.find((sample) => sample.label === 'encrypted handmade 1')?.bytes ?? []);
    const forged = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const median = async (name: string, bytes: Buffer): Promise<number> => {
      const times: number[] = [];
      for (let run = 0; run < 15; run++) {
        const started = performance.now();
        const response = await ada.request({ method: 'POST', url: URL, payload: { values: { ...ANSWERS, id_document: [fileEntry(name, bytes)] } } });
        times.push(performance.now() - started);
        expect(response.statusCode).toBe(400);
      }
      return times.sort((a, b) => a - b)[7] ?? 0;
    };
    const baseline = await median('id.png', forged);
    const inspected = await median('id.pdf', encrypted);
    console.info(`figure ${context().dialect} forms-center submit refused: by magic bytes ${baseline.toFixed(1)} ms, after the PDF inspection (worker) ${inspected.toFixed(1)} ms (medians of 15)`);
  }, 60_000);

  it('names the reason a PDF is refused (an encrypted one) and accepts a sound one', async () => {
    const encrypted = corpus.malformed.find((sample) => sample.label === 'encrypted handmade 1');
    const refused = await ada.request({ method: 'POST', url: URL, payload: { values: { ...ANSWERS, id_document: [fileEntry('passport.pdf', Buffer.from(encrypted?.bytes ?? []))] } } });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { error: { fields: Record<string, string> } }).error.fields.id_document).toBe('passport.pdf is password-protected or encrypted. Upload a copy without a password.');

    const response = await ada.request({ method: 'POST', url: URL, payload: { values: { ...ANSWERS, id_document: [fileEntry('passport.pdf', Buffer.from(handmadePdf()))] } } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await requestRow()).status).toBe('completed');
    expect(await storedFiles()).toBeGreaterThan(0);
  }, 30_000);
});
