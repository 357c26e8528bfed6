import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../test/app';
import { forEachDatabase } from '../test/databases';

const AUTH_EVENTS = ['auth.signup', 'auth.login', 'auth.login_failed', 'auth.logout', 'auth.password_changed', 'auth.throttled'];

forEachDatabase('log hygiene (T22)', (context) => {
  let app: FastifyInstance;
  let logs: string[];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app, logs } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it('logs every auth event with time, candidate, tenant and request id, and no secret at all', async () => {
    const email = uniqueEmail('hygiene');
    const secondPassword = 'second-secret-password';
    const secrets = new Set<string>([NEW_PASSWORD, secondPassword, 'wrong-secret-password']);
    const client = new TestClient(app);
    const remember = () => {
      secrets.add(client.csrfToken);
      for (const value of client.cookies.values()) secrets.add(value);
    };

    await client.start();
    remember();
    await client.signup({ email, password: NEW_PASSWORD, firstName: 'Log', lastName: 'Hygiene' });
    remember();
    await client.request({ method: 'POST', url: '/api/auth/logout' });
    remember();
    for (let attempt = 0; attempt < 11; attempt += 1) {
      await client.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-secret-password' } });
    }
    const throttledEmail = uniqueEmail('hygiene-ok');
    const other = new TestClient(app);
    await other.signup({ email: throttledEmail, password: NEW_PASSWORD, firstName: 'O', lastName: 'K' });
    await other.request({ method: 'POST', url: '/api/auth/logout' });
    await other.request({ method: 'POST', url: '/api/auth/login', payload: { email: throttledEmail, password: NEW_PASSWORD } });
    secrets.add(other.csrfToken);
    for (const value of other.cookies.values()) secrets.add(value);
    await other.request({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: NEW_PASSWORD, newPassword: secondPassword },
    });
    secrets.add(other.csrfToken);
    for (const value of other.cookies.values()) secrets.add(value);

    const text = logs.join('');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(text.includes(secret), `a log line contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    expect(text).not.toContain(email);

    const entries = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = entries.filter((entry) => typeof entry.event === 'string');
    expect(new Set(events.map((entry) => entry.event))).toEqual(new Set(AUTH_EVENTS));
    for (const entry of events) {
      expect(entry.reqId, JSON.stringify(entry)).toEqual(expect.any(String));
      expect(entry.tenant).toBe('acme.example');
      expect(Date.parse(String(entry.time))).not.toBeNaN();
      if (entry.event !== 'auth.throttled') expect(entry).toHaveProperty('candidateId');
    }
    expect(events.find((entry) => entry.event === 'auth.login')?.candidateId).toEqual(expect.any(String));
  });
});
