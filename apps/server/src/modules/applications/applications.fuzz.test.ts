import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { listRoutes } from '../../test/routes';
import { expectSafe, fuzzRuns, hostileObject, hostileText, hostileValue, prototypeSnapshot, queryStringOf, urlPiece } from '../../test/fuzz';
import { fileEntry, freshAcmePositions, PDF_BYTES, validAnswers } from './applications.test-support';

/**
 * T15 api-fuzz for applying (issue 9): every call of the module, signed in as Ada with her CSRF token (so the
 * fuzz reaches the handlers) or signed out, with hostile queries, ids and bodies — hostile answers inside an
 * otherwise valid form, hostile file entries, hostile position id lists. Every answer below 500, every 4xx the
 * JSON error shape, Object.prototype unchanged. `T15_RUNS=10000` runs QUALITY.md's full count.
 */
const RUNS = fuzzRuns(60);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Target {
  method: Method;
  pattern: string;
  request: fc.Arbitrary<{ url: string; payload?: string }>;
}

forEachDatabase('T15 api-fuzz: applying', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let visitor: TestClient;
  let positions: number[] = [];
  const expectPrototypeUnchanged = prototypeSnapshot();

  beforeAll(async () => {
    await seedForTests(context(), 20);
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    await ada.login(ADA);
    visitor = new TestClient(app, '127.0.0.2');
    await visitor.start();
    positions = (await freshAcmePositions(context().database)).plain;
  });
  afterAll(() => app.close());

  const position = fc.oneof({ weight: 4, arbitrary: fc.constant(null).map(() => positions[0] ?? 1) }, { weight: 1, arbitrary: hostileValue });
  const positionIds = fc.oneof(fc.array(position, { maxLength: 25 }), hostileValue);
  const hostileEntry = hostileObject({
    uid: hostileValue,
    name: fc.oneof(fc.constantFrom('../../etc/passwd', 'cv.pdf\u0000.exe', '\u202egnp.pdf', ''), hostileText),
    size: hostileValue,
    type: hostileValue,
    content: fc.oneof(fc.constant(PDF_BYTES.toString('base64')), fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes).toString('base64')), hostileValue),
    fileId: hostileValue,
    status: hostileValue,
  });
  /** A valid form with one answer replaced by something hostile, or hostile values outright. */
  const values = fc.oneof(
    fc.tuple(fc.constantFrom(...Object.keys(validAnswers()), 'work_history', 'eeo_country', 'english_level', '__proto__', 'constructor'), hostileValue).map(([field, value]) => ({ ...validAnswers(), [field]: value })),
    fc.array(hostileEntry, { maxLength: 3 }).map((entries) => validAnswers({ resume: entries })),
    hostileValue,
  );
  const json = (body: fc.Arbitrary<unknown>) => body.map((value) => JSON.stringify(value) ?? 'null');
  const query = (path: string, ...names: string[]) => queryStringOf([...names, 'domain', '__proto__']).map((qs) => (qs ? `${path}?${qs}` : path));
  const id = (real: string) => fc.oneof(fc.constant(real), urlPiece, fc.constant('o'.repeat(5000)));

  const targets: Target[] = [
    {
      method: 'GET',
      pattern: '/api/pcsx/apply_form',
      request: fc
        .oneof(
          query('/api/pcsx/apply_form', 'pid'),
          fc.array(fc.oneof(fc.constant(null).map(() => String(positions[0] ?? 1)), hostileText), { maxLength: 25 }).map((ids) => `/api/pcsx/apply_form?pid=${encodeURIComponent(ids.join(','))}`),
        )
        .map((url) => ({ url })),
    },
    { method: 'POST', pattern: '/api/pcsx/apply', request: json(hostileObject({ position_ids: positionIds, values })).map((payload) => ({ url: '/api/pcsx/apply', payload })) },
    { method: 'PUT', pattern: '/api/pcsx/draft_applications', request: json(hostileObject({ position_ids: positionIds, values })).map((payload) => ({ url: '/api/pcsx/draft_applications', payload })) },
    { method: 'DELETE', pattern: '/api/pcsx/draft_applications', request: json(hostileObject({ position_ids: positionIds })).map((payload) => ({ url: '/api/pcsx/draft_applications', payload })) },
    { method: 'GET', pattern: '/api/pcsx/draft_applications', request: query('/api/pcsx/draft_applications', 'include_values').map((url) => ({ url })) },
    { method: 'GET', pattern: '/api/pcsx/dashboard/applications', request: query('/api/pcsx/dashboard/applications').map((url) => ({ url })) },
    {
      method: 'POST',
      pattern: '/api/pcsx/applications/:applicationId/withdraw',
      request: fc.tuple(id('application-ada-interview'), json(hostileObject({ reason: hostileValue }))).map(([applicationId, payload]) => ({ url: `/api/pcsx/applications/${applicationId}/withdraw`, payload })),
    },
    { method: 'GET', pattern: '/api/pcsx/forms_list', request: query('/api/pcsx/forms_list', 'tab_id', 'include_tab_list').map((url) => ({ url })) },
    { method: 'GET', pattern: '/api/pcsx/forms/:formRequestId', request: id('form-request-ada-equipment').map((formId) => ({ url: `/api/pcsx/forms/${formId}` })) },
    {
      method: 'PUT',
      pattern: '/api/pcsx/forms/:formRequestId',
      request: fc.tuple(id('form-request-ada-equipment'), json(hostileObject({ values: hostileValue }))).map(([formId, payload]) => ({ url: `/api/pcsx/forms/${formId}`, payload })),
    },
    {
      method: 'POST',
      pattern: '/api/pcsx/forms/:formRequestId',
      request: fc
        .tuple(id('form-request-ada-preboarding'), json(hostileObject({ values: fc.oneof(hostileValue, fc.array(hostileEntry, { maxLength: 2 }).map((entries) => ({ id_document: entries }))) })))
        .map(([formId, payload]) => ({ url: `/api/pcsx/forms/${formId}`, payload })),
    },
  ];

  it('covers every route of the module', () => {
    const patterns = new Set(targets.map((target) => target.pattern));
    const registered = listRoutes(app).filter((route) => patterns.has(route.pattern) && route.method !== 'HEAD');
    expect(registered.map((route) => `${route.method} ${route.pattern}`).sort()).toEqual(targets.map((target) => `${target.method} ${target.pattern}`).sort());
  });

  it.each(targets.map((target) => [`${target.method} ${target.pattern}`, target] as const))('%s never fails with a 5xx', async (_label, target) => {
    await fc.assert(
      fc.asyncProperty(target.request, fc.constantFrom(ada, visitor), async (request, client) => {
        const response: LightMyRequestResponse = await client.request({
          method: target.method,
          url: request.url,
          payload: request.payload,
          headers: request.payload === undefined ? {} : { 'content-type': 'application/json' },
        });
        expectSafe(response, `${target.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
    expectPrototypeUnchanged();
  });

  it('still serves a valid application after the fuzz', async () => {
    const response = await ada.request({ method: 'POST', url: '/api/pcsx/apply', payload: { position_ids: [positions.at(-1)], values: validAnswers({ resume: [fileEntry('cv.pdf', PDF_BYTES)] }) } });
    expect([201, 409]).toContain(response.statusCode);
  });
});
