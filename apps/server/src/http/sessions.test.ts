import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId, newRandomToken } from '../kernel/session-tokens';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../kernel/session';
import { LAST_SEEN_REFRESH_MS } from '../modules/auth/sessions.service';
import { ADA, createTestApp, manualClock, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../test/app';
import { forEachDatabase } from '../test/databases';

const MINUTE = 60 * 1000;

describe('session ids (T04)', () => {
  it('are 256-bit random values, unique over 10,000 draws', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 10_000; index += 1) {
      const id = newRandomToken();
      expect(Buffer.from(id, 'base64url')).toHaveLength(32);
      ids.add(id);
    }
    expect(ids.size).toBe(10_000);
  });

  it('are stored only as their SHA-256', () => {
    const id = newRandomToken();
    expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(id)).not.toContain(id);
  });
});

forEachDatabase('session lifecycle (T04)', (context) => {
  const clock = manualClock();
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;
  let proxiedApp: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { clock }));
    ({ app: httpsApp } = await createTestApp(context(), { clock, config: { publicOrigin: 'https://careers.acme.example' } }));
    ({ app: proxiedApp } = await createTestApp(context(), { clock, config: { trustProxy: true } }));
  });
  afterAll(async () => {
    await Promise.all([app.close(), httpsApp.close(), proxiedApp.close()]);
  });

  const db = () => context().database.db;
  const sessionRow = (cookie: string | undefined) =>
    db().selectFrom('sessions').selectAll().where('idHash', '=', hashSessionId(cookie ?? '')).executeTakeFirst();
  const isSignedIn = async (client: TestClient) =>
    (await client.request({ method: 'GET', url: '/api/auth/me' })).json().userStore.isLoggedIn as boolean;

  describe('cookie flags', () => {
    it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain HTTP', async () => {
      const response = await new TestClient(app).login(ADA);
      const cookie = response.cookies.find((entry) => entry.name === 'cp_sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('is Secure when PUBLIC_ORIGIN is https', async () => {
      const response = await new TestClient(httpsApp).login(ADA);
      expect(response.cookies.find((entry) => entry.name === 'cp_sid')?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });

    it('is Secure behind a trusted proxy that says https, and ignores the header otherwise', async () => {
      const proxied = new TestClient(proxiedApp);
      await proxied.start();
      const trusted = await proxied.request({ method: 'POST', url: '/api/auth/login', payload: ADA, headers: { 'x-forwarded-proto': 'https' } });
      expect(trusted.cookies.find((entry) => entry.name === 'cp_sid')?.secure).toBe(true);
      const direct = new TestClient(app);
      await direct.start();
      const untrusted = await direct.request({ method: 'POST', url: '/api/auth/login', payload: ADA, headers: { 'x-forwarded-proto': 'https' } });
      expect(untrusted.cookies.find((entry) => entry.name === 'cp_sid')?.secure).toBeFalsy();
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    });

    it('gives signed-out visitors an HttpOnly anonymous CSRF cookie', async () => {
      const response = await new TestClient(app).start();
      expect(response.cookies.find((entry) => entry.name === 'cp_csrf')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    });
  });

  describe('fixation', () => {
    it('issues a new id at sign-in and ends the cookie presented before it', async () => {
      const client = new TestClient(app);
      await client.login(ADA);
      const first = client.cookies.get('cp_sid');
      await client.request({ method: 'POST', url: '/api/auth/login', payload: ADA });
      const second = client.cookies.get('cp_sid');
      expect(second).not.toBe(first);
      expect(await sessionRow(first)).toBeUndefined();
      expect(await sessionRow(second)).toBeDefined();
    });

    it('never adopts a cookie value planted before sign-in', async () => {
      const client = new TestClient(app);
      const planted = newRandomToken();
      client.cookies.set('cp_sid', planted);
      await client.login(ADA);
      expect(client.cookies.get('cp_sid')).not.toBe(planted);
      expect(await sessionRow(planted)).toBeUndefined();
    });
  });

  describe('expiry', () => {
    it('ends a session idle for 2 hours and clears its cookie', async () => {
      const client = new TestClient(app);
      await client.signup({ email: uniqueEmail('idle'), password: NEW_PASSWORD, firstName: 'I', lastName: 'D' });
      const cookie = client.cookies.get('cp_sid');
      clock.advance(SESSION_IDLE_MS - MINUTE);
      expect(await isSignedIn(client)).toBe(true);
      clock.advance(SESSION_IDLE_MS);
      const response = await client.request({ method: 'GET', url: '/api/auth/me' });
      expect(response.json().userStore.isLoggedIn).toBe(false);
      expect(response.cookies.find((entry) => entry.name === 'cp_sid')?.value).toBe('');
      expect(await sessionRow(cookie)).toBeUndefined();
    });

    it('ends an active session after 7 days however busy it is', async () => {
      const client = new TestClient(app);
      await client.signup({ email: uniqueEmail('absolute'), password: NEW_PASSWORD, firstName: 'A', lastName: 'B' });
      const hour = 60 * MINUTE;
      for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - hour; elapsed += hour) {
        clock.advance(hour);
        if (elapsed % (24 * hour) === 0) expect(await isSignedIn(client)).toBe(true);
        else await client.request({ method: 'GET', url: '/api/auth/me' });
      }
      expect(await isSignedIn(client)).toBe(true);
      clock.advance(hour);
      expect(await isSignedIn(client)).toBe(false);
    });

    it('writes last_seen_at at most once a minute', async () => {
      const client = new TestClient(app);
      await client.signup({ email: uniqueEmail('seen'), password: NEW_PASSWORD, firstName: 'S', lastName: 'N' });
      const cookie = client.cookies.get('cp_sid');
      const created = (await sessionRow(cookie))?.lastSeenAt;
      clock.advance(LAST_SEEN_REFRESH_MS / 2);
      await isSignedIn(client);
      expect((await sessionRow(cookie))?.lastSeenAt).toBe(created);
      clock.advance(LAST_SEEN_REFRESH_MS);
      await isSignedIn(client);
      expect((await sessionRow(cookie))?.lastSeenAt).toBe(clock.now().toISOString());
    });
  });
});
