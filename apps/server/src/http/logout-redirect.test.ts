import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';

const SITE = 'http://careers.invalid';

/** Values built to escape: protocol-relative, backslashes, schemes, encodings, control characters. */
const hostileNext = fc.oneof(
  fc.constantFrom(
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example',
    'http:evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '///evil.example',
    '/%252F%252Fevil.example',
    '/careers/../..//evil.example',
    '//evil.example/%2e%2e',
    '\u0000//evil.example',
  ),
  fc
    .tuple(
      fc.constantFrom('', '/', '//', '/\\', '\\', '%2F', '%2f%2f', '/%2F', '%5C', 'javascript:', 'https:', '/./', '/..'),
      fc.constantFrom('', '/', '\\', '%2F', '@', '.'),
      fc.string({ maxLength: 30 }),
    )
    .map(([prefix, middle, rest]) => `${prefix}${middle}${rest}`),
  fc.webUrl(),
  fc.string({ maxLength: 60 }),
);

forEachDatabase('POST /logout next validation (T12)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it('never redirects off-site over 1,000 generated values', async () => {
    const client = new TestClient(app);
    await client.start();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(hostileNext, async (next) => {
        runs += 1;
        const response = await client.request({
          method: 'POST',
          url: '/logout',
          payload: new URLSearchParams({ csrf_token: client.csrfToken, next }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          withCsrf: false,
        });
        expect(response.statusCode).toBe(303);
        const location = String(response.headers.location);
        expect(location.startsWith('/')).toBe(true);
        expect(location.startsWith('//')).toBe(false);
        expect(location.includes('\\')).toBe(false);
        expect(new URL(location, SITE).origin).toBe(SITE);
      }),
      { numRuns: 1000 },
    );
    expect(runs).toBeGreaterThanOrEqual(1000);
  });

  it('signs out and follows a safe next path', async () => {
    const client = new TestClient(app);
    await client.login(ADA);
    const response = await client.request({
      method: 'POST',
      url: '/logout',
      payload: new URLSearchParams({ csrf_token: client.csrfToken, next: '/careers/job/12?x=1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      withCsrf: false,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/careers/job/12?x=1');
    expect((await client.request({ method: 'GET', url: '/api/auth/me' })).json().userStore.isLoggedIn).toBe(false);
  });

  it('goes to /careers without next', async () => {
    const client = new TestClient(app);
    await client.start();
    const response = await client.request({
      method: 'POST',
      url: '/logout',
      payload: `csrf_token=${client.csrfToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      withCsrf: false,
    });
    expect(response.headers.location).toBe('/careers');
  });
});
