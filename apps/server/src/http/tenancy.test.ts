import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, HANK, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';

forEachDatabase('tenant isolation (T02)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
    ada = new TestClient(app);
    expect((await ada.login(ADA)).statusCode).toBe(200);
  });
  afterAll(() => app.close());

  const me = (client: TestClient, domain?: string) =>
    client.request({ method: 'GET', url: domain === undefined ? '/api/auth/me' : `/api/auth/me?domain=${encodeURIComponent(domain)}` });

  it('signs an acme session out on globex, and leaves it signed in on acme', async () => {
    const onGlobex = await me(ada, 'globex.example');
    expect(onGlobex.statusCode).toBe(200);
    expect(onGlobex.json().userStore).toMatchObject({ groupId: 'globex.example', isLoggedIn: false, user: null, profile: null });
    expect(onGlobex.body).not.toContain(ADA.email);
    const backOnAcme = await me(ada);
    expect(backOnAcme.json().userStore).toMatchObject({ groupId: 'acme.example', isLoggedIn: true });
  });

  it('refuses personal calls for another tenant, in query or body', async () => {
    const inBody = await ada.request({
      method: 'POST',
      url: '/api/auth/sessions/revoke_others',
      payload: { domain: 'globex.example' },
    });
    // A session is not valid on another tenant, so the CSRF token of the acme session is not either.
    expect([401, 403]).toContain(inBody.statusCode);
    const inQuery = await ada.request({ method: 'GET', url: '/api/auth/sessions?domain=globex.example' });
    expect(inQuery.statusCode).toBe(401);
  });

  it('keeps accounts per tenant: globex credentials do not work on acme', async () => {
    const client = new TestClient(app);
    expect((await client.login({ email: HANK.email, password: HANK.password })).statusCode).toBe(401);
    const onGlobex = new TestClient(app);
    const response = await onGlobex.login(HANK);
    expect(response.statusCode).toBe(200);
    expect(response.json().userStore.groupId).toBe('globex.example');
    expect((await me(onGlobex)).json().userStore.isLoggedIn).toBe(false);
  });

  describe('domain tampering', () => {
    it('never answers with another tenant\'s data, whatever `domain` says', async () => {
      const domain = fc.oneof(
        fc.constantFrom('globex.example', 'GLOBEX.EXAMPLE', ' acme.example ', 'acme.example.', 'ACME.example', '', '*', '%', 'acme.example\u0000'),
        fc.string({ maxLength: 300 }),
        fc.domain(),
      );
      await fc.assert(
        fc.asyncProperty(domain, async (value) => {
          const response = await me(ada, value);
          expect([200, 404]).toContain(response.statusCode);
          if (response.statusCode !== 200) return;
          const { userStore } = response.json();
          if (userStore.groupId === 'acme.example') return;
          expect(userStore.isLoggedIn).toBe(false);
          expect(response.body).not.toContain(ADA.email);
        }),
        { numRuns: 300 },
      );
    });
  });
});
