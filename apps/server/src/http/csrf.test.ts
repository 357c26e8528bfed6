import { CSRF_INVALID_HEADER, ErrorCode, Messages } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../test/app';
import { forEachDatabase, type TestDatabase } from '../test/databases';
import { listRoutes, type RouteEntry } from '../test/routes';

/** Bodies that would change state if the CSRF check let them through. */
function payloadFor(url: string, email: string): Record<string, unknown> {
  switch (url) {
    case '/api/auth/signup':
      return { email: uniqueEmail('csrf'), password: NEW_PASSWORD, firstName: 'C', lastName: 'S' };
    case '/api/auth/login':
      return { email, password: NEW_PASSWORD };
    case '/api/auth/password':
      return { currentPassword: NEW_PASSWORD, newPassword: 'changed-by-an-attacker' };
    case '/api/pcsx/profile_bootstrap':
      return { firstName: 'Mallory', lastName: 'Attacker', location: 'Elsewhere' };
    default:
      return { domain: 'acme.example' };
  }
}

/** Every row of every table, so "0 rows changed" is checked literally. */
async function snapshot(context: TestDatabase): Promise<string> {
  const { db } = context.database;
  const tables = await Promise.all([
    db.selectFrom('tenants').selectAll().orderBy('id').execute(),
    db.selectFrom('candidates').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').selectAll().orderBy('idHash').execute(),
    db.selectFrom('loginThrottle').selectAll().orderBy('email').execute(),
    db.selectFrom('positions').select(['id', 'updatedAt', 'archivedAt']).orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

forEachDatabase('CSRF enforcement (T03)', (context) => {
  let app: FastifyInstance;
  let victim: TestClient;
  let other: TestClient;
  let anonymous: TestClient;
  let email: string;
  let unsafeRoutes: RouteEntry[];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    email = uniqueEmail('victim');
    victim = new TestClient(app);
    await victim.signup({ email, password: NEW_PASSWORD, firstName: 'V', lastName: 'Ictim' });
    other = new TestClient(app);
    await other.signup({ email: uniqueEmail('other'), password: NEW_PASSWORD, firstName: 'O', lastName: 'Ther' });
    anonymous = new TestClient(app);
    await anonymous.start();
    unsafeRoutes = listRoutes(app).filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
  });
  afterAll(() => app.close());

  it('finds the state-changing routes', () => {
    expect(unsafeRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/signup', '/api/auth/logout', '/api/auth/password', '/logout']),
    );
  });

  const cases: { name: string; token: (route: RouteEntry) => string | undefined; client: () => TestClient }[] = [
    { name: 'no token', token: () => undefined, client: () => victim },
    { name: 'a wrong token', token: () => 'A'.repeat(43), client: () => victim },
    { name: "another session's token", token: () => other.csrfToken, client: () => victim },
    { name: "a signed-in session's token on an anonymous visit", token: () => victim.csrfToken, client: () => anonymous },
  ];

  describe.each(cases)('with $name', ({ token, client }) => {
    it('refuses every unsafe route with 403 + x-csrf-invalid and changes nothing', async () => {
      for (const route of unsafeRoutes) {
        const before = await snapshot(context());
        const presented = token(route);
        const response = await client().request({
          method: route.method as 'POST',
          url: route.url,
          payload: payloadFor(route.url, email),
          withCsrf: false,
          headers: presented === undefined ? {} : { 'x-csrf-token': presented },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.headers[CSRF_INVALID_HEADER]).toBe('1');
        expect(response.json()).toEqual({ error: { code: ErrorCode.csrfInvalid, message: Messages.invalidCsrf } });
        expect(await snapshot(context()), `${route.method} ${route.url} changed state`).toBe(before);
      }
    });
  });

  it('refuses a form POST /logout whose csrf_token field is wrong', async () => {
    const before = await snapshot(context());
    const response = await victim.request({
      method: 'POST',
      url: '/logout',
      payload: 'csrf_token=wrong&next=%2Fcareers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      withCsrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers[CSRF_INVALID_HEADER]).toBe('1');
    expect(await snapshot(context())).toBe(before);
  });

  it('changes no state on any GET route', async () => {
    const getRoutes = listRoutes(app).filter((route) => route.method === 'GET');
    expect(getRoutes.length).toBeGreaterThan(5);
    for (const client of [victim, anonymous]) {
      const before = await snapshot(context());
      for (const route of getRoutes) await client.request({ method: 'GET', url: route.url });
      expect(await snapshot(context())).toBe(before);
    }
  });

  it('accepts the right token', async () => {
    const response = await victim.request({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(200);
    const revoke = await victim.request({ method: 'POST', url: '/api/auth/sessions/revoke_others' });
    expect(revoke.statusCode).toBe(200);
  });
});
