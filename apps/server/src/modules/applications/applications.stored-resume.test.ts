import { ApplyFormResponseSchema } from '@careers/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { ADA, GRACE, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { applyingRowCounts, candidateIdOf, freshAcmePositions, validAnswers } from './applications.test-support';

/**
 * "Nothing asked twice" (issues 9 and 11): the apply form offers the candidate's current stored resume, and a
 * submit that keeps it attaches that very file to the application by reference — only the candidate's own, in
 * their tenant; anyone else's resume id is refused like a missing one and nothing is written.
 */

type Detail = { answers: Record<string, unknown>; files: { fileId: string; fileName: string; fileType: string; size: number; sha256: string }[] };

forEachDatabase('applying with the stored resume (issues 9, 11)', (context) => {
  let admin: AdminTestApp;
  let ada: TestClient;
  let grace: TestClient;
  let fresh: number[];
  const next = () => {
    const id = fresh.shift();
    if (id === undefined) throw new Error('out of fresh positions');
    return id;
  };
  const db = () => context().database.db;
  const storedResume = async (email: string) => {
    const candidateId = await candidateIdOf(context().database, email);
    return db()
      .selectFrom('candidateResumes as resume')
      .innerJoin('uploadedFiles as file', 'file.id', 'resume.fileId')
      .select(['resume.fileId', 'resume.fileName', 'resume.uploadedAt', 'file.size', 'file.bytes'])
      .where('resume.candidateId', '=', candidateId)
      .executeTakeFirstOrThrow();
  };
  const applyForm = async (client: TestClient, pid: number) => {
    const response = await client.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${pid}` });
    expect(response.statusCode, response.body).toBe(200);
    return ApplyFormResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { positions: 30 });
    ada = new TestClient(admin.app);
    await ada.login(ADA);
    grace = new TestClient(admin.app);
    await grace.login(GRACE);
    ({ plain: fresh } = await freshAcmePositions(context().database));
  });
  afterAll(() => admin.app.close());

  it('offers the current stored resume in the resume field, and a submit keeping it attaches the same bytes', async () => {
    const resume = await storedResume(ADA.email);
    const pid = next();
    const form = await applyForm(ada, pid);
    expect(form.prefilledFrom.resume).toBe('resume');
    const offered = form.values.resume as Record<string, unknown>[];
    expect(offered).toEqual([expect.objectContaining({ fileId: resume.fileId, name: resume.fileName, size: resume.size, type: 'pdf', uploadedAt: resume.uploadedAt })]);

    // The form's values as they come, the resume untouched: no bytes are sent.
    const response = await ada.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [pid], values: validAnswers({ resume: offered }) } });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { applications: { id: string }[] } }>().data.applications[0]?.id;

    const detail = (await admin.call({ method: 'GET', url: `/applications/${id}` })).json<Detail>();
    expect(detail.files).toEqual([expect.objectContaining({ fileId: resume.fileId, fileName: resume.fileName, fileType: 'pdf', size: resume.size })]);
    const bytes = await admin.call({ method: 'GET', url: `/applications/${id}/files/${resume.fileId}` });
    expect(bytes.statusCode).toBe(200);
    expect(Buffer.compare(bytes.rawPayload, Buffer.from(resume.bytes))).toBe(0);
  });

  it('keeps the file for the application when the candidate replaces their resume later', async () => {
    const resume = await storedResume(ADA.email);
    const pid = next();
    const offered = (await applyForm(ada, pid)).values.resume;
    const response = await ada.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [pid], values: validAnswers({ resume: offered }) } });
    expect(response.statusCode, response.body).toBe(201);
    const links = await db().selectFrom('applicationFiles').select('fileId').where('fileId', '=', resume.fileId).execute();
    expect(links.length).toBeGreaterThan(0);
  });

  it('from the cart: one form for several jobs offers it once, and every application carries that file', async () => {
    const resume = await storedResume(GRACE.email);
    const pids = [next(), next()];
    const response = await grace.request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${pids.join(',')}` });
    const form = ApplyFormResponseSchema.parse(response.json()).data;
    // Grace's latest application may be newer than her resume; either way the file offered is her stored one.
    const offered = form.values.resume as { fileId: string }[];
    expect(offered.map((entry) => entry.fileId)).toEqual([resume.fileId]);
    const submitted = await grace.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: pids, values: validAnswers({ email: GRACE.email, resume: offered }) } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const ids = submitted.json<{ data: { applications: { id: string }[] } }>().data.applications.map((application) => application.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const detail = (await admin.call({ method: 'GET', url: `/applications/${id}` })).json<Detail>();
      expect(detail.files.map((file) => file.fileId)).toEqual([resume.fileId]);
    }
  });

  it('refuses another candidate’s resume id exactly like a missing one, writing nothing', async () => {
    const adas = await storedResume(ADA.email);
    const graces = await storedResume(GRACE.email);
    const entry = (fileId: string) => [{ uid: fileId, fileId, name: 'Ada Lovelace - Resume.pdf', size: adas.size, type: 'pdf', status: 'done' }];
    const before = await applyingRowCounts(context().database);
    const foreign = await grace.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [next()], values: validAnswers({ email: GRACE.email, resume: entry(adas.fileId) }) } });
    const missing = await grace.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [next()], values: validAnswers({ email: GRACE.email, resume: entry('no-such-file') }) } });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { fields: { resume: expect.any(String) } } });
    expect(missing.statusCode).toBe(foreign.statusCode);
    expect(foreign.json()).toEqual(missing.json());
    expect(await applyingRowCounts(context().database)).toEqual(before);
    // Her own stored resume is accepted the same way.
    const own = await grace.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [next()], values: validAnswers({ email: GRACE.email, resume: entry(graces.fileId) }) } });
    expect(own.statusCode, own.body).toBe(201);
  });

  it('offers nothing to a candidate without a stored resume, nor signed out', async () => {
    const grace_ = await candidateIdOf(context().database, GRACE.email);
    await db().deleteFrom('candidateResumes').where('candidateId', '=', grace_).execute();
    const pid = next();
    const form = await applyForm(grace, pid);
    expect(form.prefilledFrom.resume).not.toBe('resume');
    const anonymous = await new TestClient(admin.app).request({ method: 'GET', url: `/api/pcsx/apply_form?pid=${pid}` });
    if (anonymous.statusCode === 200) expect(ApplyFormResponseSchema.parse(anonymous.json()).data.values.resume).toBeUndefined();
  });
});
