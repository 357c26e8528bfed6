import { AuthStateSchema, CurrentResumeResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { extractResumeText } from '../../modules/resume/resume-extract';
import { readProfile } from '../../modules/profile/profile.test-support';

// Issue 11 "Data": on a fresh install Ada and Grace each have a real PDF resume on file, with its parsed
// profile, so the profile page, the user store and the resume download show real content.
forEachDatabase('demo seed: Ada’s and Grace’s resumes', (context) => {
  let app: FastifyInstance;
  const signedIn = async (who: { email: string; password: string; domain?: string }) => {
    const client = new TestClient(app);
    await client.login(who);
    return client;
  };

  beforeAll(async () => {
    await seedForTests(context(), 5);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  for (const [who, name, employer] of [
    [ADA, 'Ada Lovelace', 'Difference Engines Ltd'],
    [GRACE, 'Grace Hopper', 'Eckert-Mauchly Computer Corp'],
  ] as const) {
    it(`${name}: a current resume, a real PDF that reads back as her profile`, async () => {
      const client = await signedIn(who);
      const current = await client.request({ method: 'GET', url: '/api/pcsx/resume' });
      expect(current.statusCode, current.body).toBe(200);
      expect(CurrentResumeResponseSchema.parse(current.json()).data).toMatchObject({ fileName: `${name} - Resume.pdf`, contentType: 'application/pdf' });

      const download = await client.request({ method: 'GET', url: '/api/pcsx/resume/download' });
      expect(download.statusCode).toBe(200);
      const bytes = new Uint8Array(download.rawPayload);
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = await extractResumeText(bytes);
      expect(text.ok).toBe(true);
      if (text.ok) {
        expect(text.text).toContain(name);
        expect(text.text).toContain(employer);
      }

      const profile = await readProfile(client);
      expect(profile.resume?.fileName).toBe(`${name} - Resume.pdf`);
      expect(profile.workExperience.map((job) => job.company)).toContain(employer);
      const me = AuthStateSchema.parse((await client.request({ method: 'GET', url: '/api/auth/me' })).json());
      expect(me.userStore.profile?.hasResume).toBe(true);
      expect(me.userStore.profileCompletionData?.missing).not.toContain('resume');
    });
  }

  it('the parsed resume stored with each is the candidate’s own, and no one else has one', async () => {
    const { db } = context().database;
    const rows = await db
      .selectFrom('candidateResumes as resume')
      .innerJoin('candidates as candidate', 'candidate.id', 'resume.candidateId')
      .innerJoin('uploadedFiles as file', 'file.id', 'resume.fileId')
      .select(['candidate.email', 'resume.parsed', 'resume.textLength', 'file.candidateId as fileOwner', 'resume.candidateId', 'file.tenantId as fileTenant', 'resume.tenantId'])
      .orderBy('candidate.email')
      .execute();
    expect(rows.map((row) => row.email)).toEqual([ADA.email, GRACE.email]);
    for (const row of rows) {
      expect(row.fileOwner).toBe(row.candidateId);
      expect(row.fileTenant).toBe(row.tenantId);
      expect(row.textLength).toBeGreaterThan(200);
      const parsed = JSON.parse(row.parsed) as { contact: { email: string }; skills: string[] };
      expect(parsed.contact.email).toBe(row.email);
      expect(parsed.skills.length).toBeGreaterThan(2);
    }
    const hank = await signedIn(HANK);
    const none = await hank.request({ method: 'GET', url: '/api/pcsx/resume?domain=globex.example' });
    expect(none.statusCode, none.body).toBe(200);
    expect(CurrentResumeResponseSchema.parse(none.json()).data).toBeNull();
  });
});
