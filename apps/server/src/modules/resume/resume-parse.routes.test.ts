import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_CONTENT_FIELD, RESUME_FILE_NAME_FIELD, RESUME_PARSE_POSITIONS_FIELD, ResumeParseResponseSchema } from '@careers/contracts';
import type { Database } from '../../db/database';
import { ADA, createTestApp, seedForTests, TestClient, type ClientRequest } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { multipart, signedIn } from '../offers/offers.test-support';
import { GLOBEX, storedPositions } from '../search/search.fixtures';
import { FIXTURES_DIR } from './fixtures/fixture-scoring';
import { GOOD_TEXT, buildResumeCorpus } from './resume-upload.test-support';

/**
 * POST /api/pcsx/parse_resume (issue 9 "the resume parsed into the form"): a resume chosen on the apply page is
 * judged, read and parsed exactly like an upload (same refusals and messages), answered as the jobs' form values,
 * and stored nowhere; who may call it is who may apply (a visitor only where logged-out apply is on).
 */

const PARSE = '/api/pcsx/parse_resume';
const LIMIT_BYTES = 10 * 1048576;
const dataUrl = (bytes: Uint8Array) => `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`;

function parseRequest(fileName: string, bytes: Uint8Array, pid?: string, url = PARSE): ClientRequest {
  const form = multipart([
    { name: RESUME_FILE_NAME_FIELD, value: fileName },
    { name: RESUME_CONTENT_FIELD, value: dataUrl(bytes) },
    ...(pid === undefined ? [] : [{ name: RESUME_PARSE_POSITIONS_FIELD, value: pid }]),
  ]);
  return { method: 'POST', url, payload: form.payload, headers: form.headers };
}

function uploadRequest(fileName: string, bytes: Uint8Array): ClientRequest {
  const form = multipart([
    { name: RESUME_FILE_NAME_FIELD, value: fileName },
    { name: RESUME_CONTENT_FIELD, value: dataUrl(bytes) },
  ]);
  return { method: 'POST', url: '/api/pcsx/upload_resume', payload: form.payload, headers: form.headers };
}

/** Every table a parse could be tempted to write to. */
async function storedCounts(database: Database) {
  const count = async (table: 'uploadedFiles' | 'candidateResumes' | 'applications' | 'draftApplications' | 'candidates' | 'candidateProfiles') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    files: await count('uploadedFiles'),
    resumes: await count('candidateResumes'),
    applications: await count('applications'),
    drafts: await count('draftApplications'),
    candidates: await count('candidates'),
    profiles: await count('candidateProfiles'),
  };
}

forEachDatabase('resume parse route', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let pdf: Uint8Array;
  let acmeId: number;
  let globexId: number;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    ada = await signedIn(app, ADA);
    pdf = new Uint8Array(await readFile(new URL('01-ada-okafor-classic.pdf', FIXTURES_DIR)));
    acmeId = (await storedPositions(context().database, 'acme.example'))[0]?.id ?? 0;
    globexId = (await storedPositions(context().database, GLOBEX))[0]?.id ?? 0;
  }, 60_000);
  afterAll(async () => app.close());

  it('parses a PDF into the apply form’s values, storing nothing', async () => {
    const before = await storedCounts(context().database);
    const resumeBefore = (await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json();
    const response = await ada.request(parseRequest('Adaeze Okafor – CV.pdf', pdf, String(acmeId)));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = ResumeParseResponseSchema.parse(response.json());
    expect(data.parsed.contact).toMatchObject({ firstName: 'Adaeze', lastName: 'Okafor', email: 'adaeze.okafor@example.com' });
    expect(data.values).toMatchObject({
      first_name: 'Adaeze',
      last_name: 'Okafor',
      email: 'adaeze.okafor@example.com',
      phone: '+44 20 7946 0958',
      location: 'London, UK',
      current_title: 'Senior Backend Engineer',
      linkedin: 'https://www.linkedin.com/in/adaeze-okafor',
      work_history: [
        { company: 'Brightwave Labs', title: 'Senior Backend Engineer', period: { startDate: '2021-03', endDate: null, isCurrent: true } },
        { company: 'Tessellate Ltd', title: 'Software Engineer', period: { startDate: '2017-09', endDate: '2021-02', isCurrent: false } },
      ],
      // 'BSc' is the form's Bachelor choice.
      education: [{ school: 'University of Lagos', degree: 'bachelor', period: { startDate: '2012-09', endDate: '2016-07', isCurrent: false } }],
    });
    expect(data.values.skills).toEqual(expect.arrayContaining(['TypeScript', 'Amazon Web Services']));
    // Only the form's own fields: nothing the form does not ask (the file field is the candidate's own choice).
    expect(Object.keys(data.values).sort()).toEqual(['current_title', 'education', 'email', 'first_name', 'last_name', 'linkedin', 'location', 'phone', 'skills', 'work_history']);
    expect(await storedCounts(context().database)).toEqual(before);
    expect((await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json()).toEqual(resumeBefore);
  });

  it('without jobs answers the findings alone; a malformed pid is a 400', async () => {
    const response = await ada.request(parseRequest('cv.txt', GOOD_TEXT));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = ResumeParseResponseSchema.parse(response.json());
    expect(data.parsed.contact.email).toBe('grace@example.com');
    expect(data.values).toEqual({});
    const bad = await ada.request(parseRequest('cv.txt', GOOD_TEXT, '1,abc'));
    expect(bad.statusCode).toBe(400);
  });

  it('a signed-out visitor is refused where logged-out apply is off, and nothing is read or stored', async () => {
    const visitor = new TestClient(app, '127.0.0.9');
    await visitor.start();
    const before = await storedCounts(context().database);
    const response = await visitor.request(parseRequest('cv.pdf', pdf, String(acmeId)));
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('Okafor');
    expect(await storedCounts(context().database)).toEqual(before);
  });

  it('a signed-out visitor parses where logged-out apply is on, storing nothing', async () => {
    const visitor = new TestClient(app, '127.0.0.10');
    await visitor.start(GLOBEX);
    const before = await storedCounts(context().database);
    const response = await visitor.request(parseRequest('cv.pdf', pdf, String(globexId), `${PARSE}?domain=${GLOBEX}`));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = ResumeParseResponseSchema.parse(response.json());
    expect(data.values).toMatchObject({ first_name: 'Adaeze', last_name: 'Okafor', email: 'adaeze.okafor@example.com' });
    expect(await storedCounts(context().database)).toEqual(before);
  });

  it('needs the CSRF token', async () => {
    const response = await ada.request({ ...parseRequest('cv.txt', GOOD_TEXT), withCsrf: false });
    expect(response.statusCode).toBe(403);
  });

  it('T07: refuses bad files with the same status and message as upload_resume, storing nothing', async () => {
    // Every other crafted file and every size case (the full corpus runs against upload_resume in resume.routes.test.ts).
    const corpus = buildResumeCorpus(pdf, LIMIT_BYTES).filter((sample, index) => index % 3 === 0 || sample.status === 413);
    expect(corpus.length).toBeGreaterThan(60);
    const before = await storedCounts(context().database);
    const resumeBefore = (await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json();
    const mismatches: string[] = [];
    for (const sample of corpus) {
      const parsed = await ada.request(parseRequest(sample.fileName, sample.bytes, String(acmeId)));
      if (parsed.statusCode < 400 || parsed.statusCode >= 500) {
        mismatches.push(`${sample.label}: ${parsed.statusCode}`);
        continue;
      }
      const message = (parsed.json() as { error?: { message?: string } }).error?.message ?? '';
      if (message.length < 20) mismatches.push(`${sample.label}: unclear message ${JSON.stringify(message)}`);
      // The same file as an upload is refused in the same words (then nothing of it is stored either).
      const uploaded = await ada.request(uploadRequest(sample.fileName, sample.bytes));
      const uploadMessage = (uploaded.json() as { error?: { message?: string } }).error?.message ?? '';
      if (uploaded.statusCode !== parsed.statusCode || uploadMessage !== message) {
        mismatches.push(`${sample.label}: parse ${parsed.statusCode} ${message} / upload ${uploaded.statusCode} ${uploadMessage}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await storedCounts(context().database)).toEqual(before);
    expect((await ada.request({ method: 'GET', url: '/api/pcsx/resume' })).json()).toEqual(resumeBefore);
  }, 300_000);
});

describe('resume parse rate limit', () => {
  forEachDatabase('limited', (context) => {
    it('T06: a visitor past the limit per minute gets 429 with Retry-After; another address is not held back', async () => {
      await seedForTests(context());
      const { app } = await createTestApp(context(), { rateLimits: { resumeUploadsPerMinute: 2 } });
      try {
        const visitor = new TestClient(app, '127.0.0.21');
        await visitor.start(GLOBEX);
        const url = `${PARSE}?domain=${GLOBEX}`;
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await visitor.request(parseRequest('cv.txt', GOOD_TEXT, undefined, url))).statusCode);
        expect(statuses).toEqual([200, 200, 429]);
        const limited = await visitor.request(parseRequest('cv.txt', GOOD_TEXT, undefined, url));
        expect(limited.headers['retry-after']).toBeDefined();
        const other = new TestClient(app, '127.0.0.22');
        await other.start(GLOBEX);
        expect((await other.request(parseRequest('cv.txt', GOOD_TEXT, undefined, url))).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
});
