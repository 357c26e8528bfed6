import { handmadePdf } from '../offers/signed-upload.corpus';
import { APPLY_MAX_POSITIONS, ApplyResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { applyingRowCounts, fileEntry, freshAcmePositions, validAnswers } from './applications.test-support';

// Issue 9 figure: the largest cart apply (20 jobs, one 4 MB resume) end to end through HTTP, printed for the note.
forEachDatabase('applying: the largest cart apply', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context(), 60);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
  });
  afterAll(() => app.close());

  it(`applies to ${APPLY_MAX_POSITIONS} jobs with a 4 MB resume in one transaction, storing the file once`, async () => {
    const pids = (await freshAcmePositions(context().database)).plain.slice(0, APPLY_MAX_POSITIONS);
    expect(pids).toHaveLength(APPLY_MAX_POSITIONS);
    // A sound PDF carrying a 4 MB content stream (uploads go through the offer letters' inspection).
    const padding = 4 * 1048576;
    const resume = Buffer.from(handmadePdf({ extraObjects: [`<< /Length ${padding} >>\nstream\n${' '.repeat(padding)}\nendstream`] }));
    const payload = JSON.stringify({ position_ids: pids, values: validAnswers({ resume: [fileEntry('resume.pdf', resume)] }) });
    const before = await applyingRowCounts(context().database);
    const started = performance.now();
    const response = await ada.request({ method: 'POST', url: '/api/pcsx/apply', payload, headers: { 'content-type': 'application/json' } });
    const ms = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect(ApplyResponseSchema.parse(response.json()).data.applications).toHaveLength(APPLY_MAX_POSITIONS);
    const after = await applyingRowCounts(context().database);
    expect(after.files - before.files).toBe(1);
    expect(after.links - before.links).toBe(APPLY_MAX_POSITIONS);
    console.info(`apply figure [${context().dialect}]: ${APPLY_MAX_POSITIONS} jobs + ${(payload.length / 1048576).toFixed(1)} MB body in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
  });
});
