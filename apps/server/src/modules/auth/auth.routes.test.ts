import { AuthStateSchema, ErrorCode, Messages, SessionListResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../app';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { forEachDatabase } from '../../test/databases';
import {
  ADA,
  createTenantForTests,
  createTestApp,
  NEW_PASSWORD,
  seedForTests,
  TestClient,
  uniqueEmail,
} from '../../test/app';

forEachDatabase('auth routes', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  const db = () => context().database.db;
  const candidateByEmail = (email: string) =>
    db().selectFrom('candidates').selectAll().where('email', '=', email).executeTakeFirst();
  const sessionsOf = async (email: string) => {
    const candidate = await candidateByEmail(email);
    return db().selectFrom('sessions').selectAll().where('candidateId', '=', candidate?.id ?? '').execute();
  };

  describe('signup', () => {
    it('creates a candidate and a session, answers 201 AuthState with a new CSRF token', async () => {
      const client = new TestClient(app);
      await client.start();
      const anonymousToken = client.csrfToken;
      const email = uniqueEmail();
      const response = await client.signup({ email: email.toUpperCase(), password: NEW_PASSWORD, firstName: 'Mary', lastName: 'Somerville' });
      expect(response.statusCode).toBe(201);
      const state = AuthStateSchema.parse(response.json());
      expect(state.userStore).toMatchObject({ groupId: 'acme.example', isLoggedIn: true });
      expect(state.userStore.profile).toMatchObject({ email, firstName: 'Mary', firstname: 'Mary', lastName: 'Somerville' });
      expect(state.onboarding).toMatchObject({ isOnboarded: false, isBootstrapped: false });
      expect(response.headers['x-csrf-token']).toBeTruthy();
      expect(client.csrfToken).not.toBe(anonymousToken);
      const row = await candidateByEmail(email);
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain(NEW_PASSWORD);
      expect(await sessionsOf(email)).toHaveLength(1);
      const me = await client.request({ method: 'GET', url: '/api/auth/me' });
      expect(me.json().userStore.isLoggedIn).toBe(true);
    });

    it('refuses a taken email with 409 email_taken and changes nothing', async () => {
      const client = new TestClient(app);
      const before = await db().selectFrom('candidates').select('id').execute();
      const response = await client.signup({ email: ADA.email, password: NEW_PASSWORD, firstName: 'A', lastName: 'L' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: ErrorCode.emailTaken, message: Messages.emailTaken } });
      expect(await db().selectFrom('candidates').select('id').execute()).toHaveLength(before.length);
    });

    it('names each invalid field', async () => {
      const client = new TestClient(app);
      const response = await client.signup({ email: 'not-an-email', password: 'short', firstName: '', lastName: 'X' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe(ErrorCode.validation);
      expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'firstName', 'password']);
    });

    it('reports missing fields', async () => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({ method: 'POST', url: '/api/auth/signup', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        email: expect.any(String),
        password: expect.any(String),
        firstName: expect.any(String),
        lastName: expect.any(String),
      });
    });
  });

  describe('login', () => {
    it('signs in with the right password and answers AuthState', async () => {
      const client = new TestClient(app);
      const response = await client.login(ADA);
      expect(response.statusCode).toBe(200);
      const state = AuthStateSchema.parse(response.json());
      expect(state.userStore.profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', location: 'London, UK', hasResume: true, avatar: null });
      expect(state.userStore.user).toMatchObject({ email: ADA.email, is_admin: false, isThemeBuilderUser: false });
      expect(state.userStore.profileCompletionData).toEqual({ percent: 100, missing: [] });
      expect(state.onboarding).toEqual({ isOnboarded: true, isBootstrapped: true, bootstrappingConfig: { enabled: true, allowSkip: true } });
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const client = new TestClient(app);
      const response = await client.login({ email: `  ${ADA.email.toUpperCase()} `, password: ADA.password });
      expect(response.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email with the same status and message', async () => {
      const email = uniqueEmail();
      await new TestClient(app).signup({ email, password: NEW_PASSWORD, firstName: 'W', lastName: 'P' });
      const wrongPassword = await new TestClient(app).login({ email, password: 'not-the-password' });
      const unknownEmail = await new TestClient(app).login({ email: uniqueEmail('nobody'), password: 'not-the-password' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(unknownEmail.json());
      expect(wrongPassword.json()).toEqual({ error: { code: ErrorCode.invalidCredentials, message: Messages.invalidCredentials } });
      expect(wrongPassword.cookies.find((cookie) => cookie.name === 'cp_sid')).toBeUndefined();
    });

    it('refuses bad JSON with 400 and the invalid-JSON message', async () => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"email": "ada@acme.example", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: ErrorCode.badRequest, message: Messages.invalidJson } });
    });

    it('refuses a body over 1 MB with 413', async () => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: JSON.stringify({ email: ADA.email, password: 'x'.repeat(BODY_LIMIT_BYTES) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe(ErrorCode.payloadTooLarge);
    });

    it('refuses an unknown domain with 404 tenant_not_found', async () => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({ method: 'POST', url: '/api/auth/login', payload: { ...ADA, domain: 'nowhere.example' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: ErrorCode.tenantNotFound, message: Messages.tenantNotFound } });
      const query = await client.request({ method: 'GET', url: '/api/auth/me?domain=nowhere.example' });
      expect(query.statusCode).toBe(404);
      const repeated = await client.request({ method: 'GET', url: '/api/auth/me?domain=a&domain=b' });
      expect(repeated.statusCode).toBe(404);
    });
  });

  describe('tenant switches (spec §6)', () => {
    it('answers 403 login_disabled and signup-disabled on a site that turned them off', async () => {
      await createTenantForTests(context(), {
        id: 'tenant-closed',
        domain: 'closed.example',
        isDefault: false,
        config: { ...ACME_CONFIG, loginSignupConfig: { candidateLoginEnabled: false, candidateSignupEnabled: false } },
      });
      const client = new TestClient(app);
      await client.start('closed.example');
      const login = await client.request({ method: 'POST', url: '/api/auth/login', payload: { ...ADA, domain: 'closed.example' } });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ error: { code: ErrorCode.loginDisabled, message: Messages.loginDisabled } });
      const signup = await client.request({
        method: 'POST',
        url: '/api/auth/signup?domain=closed.example',
        payload: { email: uniqueEmail(), password: NEW_PASSWORD, firstName: 'C', lastName: 'D' },
      });
      expect(signup.statusCode).toBe(403);
      expect(signup.json()).toEqual({ error: { code: ErrorCode.forbidden, message: Messages.signupDisabled } });
    });
  });

  describe('me and logout', () => {
    it('reports the signed-out state with no-store', async () => {
      const response = await new TestClient(app).start();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(AuthStateSchema.parse(response.json()).userStore).toEqual({
        groupId: 'acme.example',
        isLoggedIn: false,
        user: null,
        profile: null,
        profileCompletionData: null,
      });
    });

    it('logout ends the session row, clears the cookie and issues a new anonymous token', async () => {
      const client = new TestClient(app);
      const email = uniqueEmail();
      await client.signup({ email, password: NEW_PASSWORD, firstName: 'L', lastName: 'O' });
      const signedInToken = client.csrfToken;
      const oldCookie = client.cookies.get('cp_sid');
      const response = await client.request({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(204);
      expect(response.cookies.find((cookie) => cookie.name === 'cp_sid')?.value).toBe('');
      expect(response.headers['x-csrf-token']).toBeTruthy();
      expect(client.csrfToken).not.toBe(signedInToken);
      expect(await sessionsOf(email)).toHaveLength(0);
      // The old cookie is dead even if replayed.
      const replay = await app.inject({ method: 'GET', url: '/api/auth/me', cookies: { cp_sid: oldCookie ?? '' } });
      expect(replay.json().userStore.isLoggedIn).toBe(false);
    });
  });

  describe('password change', () => {
    it('needs a session', async () => {
      const client = new TestClient(app);
      await client.start();
      const response = await client.request({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'a', newPassword: NEW_PASSWORD } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['x-login']).toBe('1');
    });

    it('refuses a wrong current password with fields.currentPassword', async () => {
      const client = new TestClient(app);
      await client.signup({ email: uniqueEmail(), password: NEW_PASSWORD, firstName: 'P', lastName: 'W' });
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: 'wrong-password', newPassword: 'another-password-1' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ currentPassword: expect.any(String) });
    });

    it('changes the password, ends other sessions and rotates the current one', async () => {
      const email = uniqueEmail();
      const laptop = new TestClient(app);
      await laptop.signup({ email, password: NEW_PASSWORD, firstName: 'P', lastName: 'C' });
      const phone = new TestClient(app);
      await phone.login({ email, password: NEW_PASSWORD });
      const oldCookie = laptop.cookies.get('cp_sid');
      const oldToken = laptop.csrfToken;
      const response = await laptop.request({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: NEW_PASSWORD, newPassword: 'a-brand-new-password' },
      });
      expect(response.statusCode).toBe(204);
      expect(laptop.cookies.get('cp_sid')).not.toBe(oldCookie);
      expect(laptop.csrfToken).not.toBe(oldToken);
      expect(await sessionsOf(email)).toHaveLength(1);
      expect((await phone.request({ method: 'GET', url: '/api/auth/me' })).json().userStore.isLoggedIn).toBe(false);
      expect((await laptop.request({ method: 'GET', url: '/api/auth/me' })).json().userStore.isLoggedIn).toBe(true);
      expect((await new TestClient(app).login({ email, password: NEW_PASSWORD })).statusCode).toBe(401);
      expect((await new TestClient(app).login({ email, password: 'a-brand-new-password' })).statusCode).toBe(200);
    });
  });

  describe('session list', () => {
    it('lists the candidate\'s sessions with opaque ids and revokes the others', async () => {
      const email = uniqueEmail();
      const laptop = new TestClient(app);
      await laptop.signup({ email, password: NEW_PASSWORD, firstName: 'S', lastName: 'L' });
      const phone = new TestClient(app);
      await phone.login({ email, password: NEW_PASSWORD });
      const list = await laptop.request({ method: 'GET', url: '/api/auth/sessions', headers: { 'user-agent': 'Laptop' } });
      const { sessions } = SessionListResponseSchema.parse(list.json());
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((session) => session.isCurrent)).toHaveLength(1);
      const hashes = (await sessionsOf(email)).map((row) => row.idHash);
      for (const session of sessions) {
        expect(hashes).not.toContain(session.id);
        expect(session.id.length).toBeLessThan(20);
      }
      const revoke = await laptop.request({ method: 'POST', url: '/api/auth/sessions/revoke_others' });
      expect(revoke.json()).toEqual({ revoked: 1 });
      expect(await sessionsOf(email)).toHaveLength(1);
      expect((await phone.request({ method: 'GET', url: '/api/auth/me' })).json().userStore.isLoggedIn).toBe(false);
    });
  });
});
