import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParsedResumeSchema, RESUME_CONTENT_FIELD, RESUME_FILE_NAME_FIELD } from '@careers/contracts';
import type { Database } from '../../db/database';
import { ADA, GRACE, HANK, createTestApp, seedForTests, type TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { candidateIdOf } from '../applications/applications.test-support';
import { multipart, signedIn, type Part } from '../offers/offers.test-support';
import { FIXTURES_DIR } from './fixtures/fixture-scoring';
import { GOOD_TEXT, buildResumeCorpus } from './resume-upload.test-support';

/**
 * The resume routes over HTTP on SQLite and PostgreSQL: upload (spec §7 upload_resume: multipart with
 * resume_file_name and resume_content as a data URL), the current resume's facts and its download.
 *
 * T07: ≥ 200 crafted files and forms → a JSON 4xx with a clear message, never a 5xx, and no file or row stored.
 * T08: valid resumes of each type come back byte for byte (SHA-256), as an attachment, with nosniff.
 * T01: Grace (same tenant) and Hank (globex) never read or download Ada's resume; their own calls see only theirs.
 */

const LIMIT_BYTES = 10 * 1048576;
const dataUrl = (bytes: Uint8Array, type = 'application/octet-stream') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

function uploadForm(fileName: string, bytes: Uint8Array): { payload: Buffer; headers: Record<string, string> } {
  return multipart([
    { name: RESUME_FILE_NAME_FIELD, value: fileName },
    { name: RESUME_CONTENT_FIELD, value: dataUrl(bytes) },
  ]);
}

async function upload(client: TestClient, fileName: string, bytes: Uint8Array) {
  const form = uploadForm(fileName, bytes);
  return client.request({ method: 'POST', url: '/api/pcsx/upload_resume', payload: form.payload, headers: form.headers });
}

async function storedCounts(database: Database) {
  const count = async (table: 'uploadedFiles' | 'candidateResumes') => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { files: await count('uploadedFiles'), resumes: await count('candidateResumes') };
}

const sha = (bytes: Uint8Array | Buffer) => createHash('sha256').update(bytes).digest('hex');

forEachDatabase('resume routes', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let hank: TestClient;
  let pdf: Uint8Array;
  let docx: Uint8Array;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    ada = await signedIn(app, ADA);
    grace = await signedIn(app, GRACE);
    hank = await signedIn(app, HANK);
    pdf = new Uint8Array(await readFile(new URL('01-ada-okafor-classic.pdf', FIXTURES_DIR)));
    docx = new Uint8Array(await readFile(new URL('03-maria-gonzalez-history.docx', FIXTURES_DIR)));
  }, 60_000);
  afterAll(async () => app.close());

  it('uploads a PDF resume: the candidate (with a location), what was found, and the stored facts', async () => {
    const response = await upload(ada, 'Adaeze Okafor – CV.pdf', pdf);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.candidate).toMatchObject({ email: ADA.email, firstName: 'Ada', lastName: 'Lovelace', location: 'London, UK' });
    const parsed = ParsedResumeSchema.parse(body.parsed);
    expect(parsed.contact).toMatchObject({ firstName: 'Adaeze', lastName: 'Okafor', email: 'adaeze.okafor@example.com', phone: '+44 20 7946 0958' });
    expect(parsed.workExperience.map((job) => job.company)).toEqual(['Brightwave Labs', 'Tessellate Ltd']);
    expect(parsed.skills).toContain('Amazon Web Services');
    expect(body.resume).toMatchObject({ fileName: 'Adaeze Okafor – CV.pdf', contentType: 'application/pdf', size: pdf.length });
    const current = await ada.request({ method: 'GET', url: '/api/pcsx/resume' });
    expect(current.json()).toEqual({ data: body.resume });
  });

  it('a new upload replaces the current resume in one step, and its old file goes', async () => {
    const adaId = await candidateIdOf(context().database, ADA.email);
    await upload(ada, 'first.pdf', pdf);
    const before = await storedCounts(context().database);
    const response = await upload(ada, 'second.docx', docx);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedCounts(context().database)).toEqual(before);
    const rows = await context().database.db.selectFrom('candidateResumes').selectAll().where('candidateId', '=', adaId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fileName: 'second.docx', fileType: 'docx' });
    expect(ParsedResumeSchema.parse(JSON.parse(rows[0]?.parsed ?? '{}')).contact.firstName).toBe('María');
  });

  it('T08: PDF, DOCX and text resumes come back byte for byte, as attachments, with nosniff', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => new Uint8Array(Buffer.concat([Buffer.from(GOOD_TEXT), Buffer.from(`\nReference ${i} ${'x'.repeat(i * 1000)}\n`)])));
    for (const [fileName, bytes, type] of [['cv.pdf', pdf, 'application/pdf'], ['cv.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'], ...texts.map((bytes, i) => [`cv ${i} – Grâce.txt`, bytes, 'text/plain; charset=utf-8'] as const)] as const) {
      expect((await upload(ada, fileName, bytes)).statusCode).toBe(200);
      const download = await ada.request({ method: 'GET', url: '/api/pcsx/resume/download' });
      expect(download.statusCode).toBe(200);
      expect(sha(download.rawPayload)).toBe(sha(bytes));
      expect(download.headers['content-type']).toBe(type);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(String(download.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(fileName);
    }
  });

  it('accepts a file of exactly the limit', async () => {
    const bytes = new Uint8Array(LIMIT_BYTES).fill(0x61);
    bytes.set(GOOD_TEXT, 0);
    bytes[GOOD_TEXT.length] = 0x0a;
    const response = await upload(ada, 'limit.txt', bytes);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  }, 60_000);

  it('T01: Grace and a globex candidate see only their own resume, never Ada’s', async () => {
    expect((await upload(ada, 'ada.pdf', pdf)).statusCode).toBe(200);
    for (const other of [grace, hank]) {
      // Each asks on its own site: a globex session is signed out on acme.
      const site = other === hank ? '?domain=globex.example' : '';
      // Grace has her own seeded resume (issue 11 "Data"); Hank has none.
      const own = await other.request({ method: 'GET', url: `/api/pcsx/resume${site}` });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data?.fileName ?? null).toBe(other === grace ? 'Grace Hopper - Resume.pdf' : null);
      const download = await other.request({ method: 'GET', url: `/api/pcsx/resume/download${site}` });
      expect(download.statusCode).toBe(other === grace ? 200 : 404);
      expect(sha(download.rawPayload)).not.toBe(sha(pdf));
      expect(download.body).not.toContain('Okafor');
      // The tenant parameter cannot reach another tenant's candidate either (T02): signed out there, or no file.
      const tampered = await other.request({ method: 'GET', url: '/api/pcsx/resume/download?domain=acme.example' });
      // (Grace is on acme: the parameter names her own site, so she gets her own resume, never Ada's.)
      expect(other === grace ? [200] : [401, 404]).toContain(tampered.statusCode);
      expect(sha(tampered.rawPayload)).not.toBe(sha(pdf));
      expect(tampered.body).not.toContain('Okafor');
    }
    expect((await upload(grace, 'grace.docx', docx)).statusCode).toBe(200);
    const adaFile = await ada.request({ method: 'GET', url: '/api/pcsx/resume/download' });
    expect(sha(adaFile.rawPayload)).toBe(sha(pdf));
    expect((await grace.request({ method: 'GET', url: '/api/pcsx/resume' })).json().data.fileName).toBe('grace.docx');
  });

  it('needs a signed-in candidate and the CSRF token', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/pcsx/resume' });
    expect(anonymous.statusCode).toBe(401);
    const form = uploadForm('cv.txt', GOOD_TEXT);
    const noToken = await ada.request({ method: 'POST', url: '/api/pcsx/upload_resume', payload: form.payload, headers: form.headers, withCsrf: false });
    expect(noToken.statusCode).toBe(403);
  });

  it('T07: every crafted file and form is refused with a clear 4xx, and nothing is stored', async () => {
    const corpus = buildResumeCorpus(pdf, LIMIT_BYTES);
    const forms: { label: string; parts?: Part[]; json?: unknown; status?: number }[] = [
      { label: 'no content', parts: [{ name: RESUME_FILE_NAME_FIELD, value: 'cv.pdf' }], status: 400 },
      { label: 'empty content', parts: [{ name: RESUME_FILE_NAME_FIELD, value: 'cv.pdf' }, { name: RESUME_CONTENT_FIELD, value: '' }], status: 400 },
      { label: 'content not base64', parts: [{ name: RESUME_FILE_NAME_FIELD, value: 'cv.pdf' }, { name: RESUME_CONTENT_FIELD, value: 'data:application/pdf;base64,%%%%' }], status: 400 },
      { label: 'content field twice', parts: [{ name: RESUME_CONTENT_FIELD, value: dataUrl(GOOD_TEXT) }, { name: RESUME_CONTENT_FIELD, value: dataUrl(GOOD_TEXT) }], status: 400 },
      { label: 'file in the wrong field', parts: [{ name: 'other', filename: 'cv.txt', content: GOOD_TEXT, type: 'text/plain' }], status: 400 },
      { label: 'two files', parts: [{ name: RESUME_CONTENT_FIELD, filename: 'a.txt', content: GOOD_TEXT }, { name: RESUME_CONTENT_FIELD, filename: 'b.txt', content: GOOD_TEXT }], status: 413 },
      { label: '__proto__ field', parts: [{ name: '__proto__', value: 'x' }, { name: RESUME_CONTENT_FIELD, value: dataUrl(new Uint8Array()) }] },
      { label: 'JSON with a number for content', json: { resume_file_name: 'cv.txt', resume_content: 42 }, status: 400 },
      { label: 'JSON with an object for content', json: { resume_file_name: 'cv.txt', resume_content: { a: 1 } }, status: 400 },
      { label: 'JSON with no fields', json: {}, status: 400 },
      { label: 'JSON array', json: [1, 2], status: 400 },
      { label: 'JSON name not a string', json: { resume_file_name: ['a'], resume_content: dataUrl(GOOD_TEXT) }, status: 400 },
      { label: 'JSON with a NUL name', json: { resume_file_name: 'cv\u0000.txt', resume_content: dataUrl(GOOD_TEXT) }, status: 400 },
    ];
    expect(corpus.length + forms.length).toBeGreaterThanOrEqual(200);
    const before = await storedCounts(context().database);
    const current = (await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json();
    const failures: string[] = [];
    const check = (label: string, response: { statusCode: number; body: string }, status?: number) => {
      const body = (() => {
        try {
          return JSON.parse(response.body) as { error?: { message?: string } };
        } catch {
          return {};
        }
      })();
      const message = body.error?.message ?? '';
      if (response.statusCode < 400 || response.statusCode >= 500) failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (status !== undefined && response.statusCode !== status) failures.push(`${label}: ${response.statusCode}, expected ${status} (${message})`);
      else if (message.length < 20) failures.push(`${label}: unclear message ${JSON.stringify(message)}`);
    };
    for (const sample of corpus) check(sample.label, await upload(ada, sample.fileName, sample.bytes), sample.status);
    for (const form of forms) {
      const request = form.parts ? multipart(form.parts) : { payload: JSON.stringify(form.json), headers: { 'content-type': 'application/json' } };
      check(form.label, await ada.request({ method: 'POST', url: '/api/pcsx/upload_resume', payload: request.payload, headers: request.headers }), form.status);
    }
    expect(failures).toEqual([]);
    expect(await storedCounts(context().database)).toEqual(before);
    expect((await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json()).toEqual(current);
  }, 300_000);

  it('refuses a type the tenant does not accept, naming the ones it does', async () => {
    const tenant = await context().database.db.selectFrom('tenants').select(['id', 'config']).where('domain', '=', 'acme.example').executeTakeFirstOrThrow();
    const config = JSON.parse(tenant.config) as { pcsxConfig: { fileUploadConfig?: { allowedTypes: string[]; maxFileSizeMB: number } } };
    const restricted = { ...config, pcsxConfig: { ...config.pcsxConfig, fileUploadConfig: { maxFileSizeMB: 10, allowedTypes: ['pdf', 'docx'] } } };
    await context().database.db.updateTable('tenants').set({ config: JSON.stringify(restricted) }).where('id', '=', tenant.id).execute();
    const { app: restrictedApp } = await createTestApp(context());
    try {
      const client = await signedIn(restrictedApp, ADA);
      const response = await upload(client, 'cv.txt', GOOD_TEXT);
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe('TXT files are not accepted here. Upload your resume as .pdf, .docx.');
    } finally {
      await context().database.db.updateTable('tenants').set({ config: tenant.config }).where('id', '=', tenant.id).execute();
      await restrictedApp.close();
    }
  });
});

describe('resume upload rate limit', () => {
  forEachDatabase('limited', (context) => {
    it('T06: past the limit per minute, 429 with Retry-After', async () => {
      await seedForTests(context());
      const { app } = await createTestApp(context(), { rateLimits: { resumeUploadsPerMinute: 2 } });
      try {
        const client = await signedIn(app, ADA);
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await upload(client, 'cv.txt', GOOD_TEXT)).statusCode);
        expect(statuses).toEqual([200, 200, 429]);
        const limited = await upload(client, 'cv.txt', GOOD_TEXT);
        expect(limited.headers['retry-after']).toBeDefined();
      } finally {
        await app.close();
      }
    });
  });
});
