import { ErrorCode, Messages } from '@careers/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, ADMIN, createTestApp, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';

const SECRET_DETAIL = 'SQLITE_ERROR near "select * from candidates where password_hash"';

/** Registered only in this suite: a route that fails the way a bug would. */
const throwingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/boom', async () => {
    throw new Error(SECRET_DETAIL);
  });
  app.get('/careers-test/boom', async () => {
    throw new Error(SECRET_DETAIL);
  });
  // What pg's pool throws when no connection frees up within connectionTimeoutMillis (PostgreSQL busy or down).
  app.get('/api/test/pool-timeout', async () => {
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get('/api/test/sqlite-busy', async () => {
    throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  });
};

forEachDatabase('error disclosure (T23)', (context) => {
  let app: FastifyInstance;
  let logs: string[];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app, logs } = await createTestApp(context(), { extraSiteRoutes: [throwingRoutes], config: { nodeEnv: 'production' } }));
  });
  afterAll(() => app.close());

  const bare = { error: { code: ErrorCode.internal, message: Messages.internal } };

  it('answers a bare 500 to visitors and candidates, whatever the query says', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/test/boom?debug=1' });
    expect(visitor.statusCode).toBe(500);
    expect(visitor.json()).toEqual(bare);
    const ada = new TestClient(app);
    await ada.login(ADA);
    for (const url of ['/api/test/boom', '/api/test/boom?debug=1&admin=1&is_admin=true']) {
      const response = await ada.request({ method: 'GET', url });
      expect(response.json()).toEqual(bare);
      expect(response.body).not.toContain('SQLITE');
      expect(response.body).not.toContain('.ts:');
    }
  });

  it('answers 503 with Retry-After when the database cannot take the request now (T20), not a 500', async () => {
    for (const url of ['/api/test/pool-timeout', '/api/test/sqlite-busy']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ error: { code: ErrorCode.unavailable, message: Messages.unavailable } });
    }
    expect(logs.some((line) => line.includes('database unavailable'))).toBe(true);
  });

  it('adds the message and stack for admins, decided by the server', async () => {
    const admin = new TestClient(app);
    await admin.login(ADMIN);
    const response = await admin.request({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const { error } = response.json();
    expect(error).toMatchObject({ code: ErrorCode.internal, message: Messages.internal });
    expect(error.details.message).toBe(SECRET_DETAIL);
    expect(error.details.stack).toContain('Error:');
  });

  it('renders an HTML 500 page for browsers without details', async () => {
    const response = await app.inject({ method: 'GET', url: '/careers-test/boom', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Internal Server Error');
    expect(response.body).not.toContain('SQLITE');
  });

  it('logs the failure with its request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'trace-boom-1' } });
    expect(response.headers['x-request-id']).toBe('trace-boom-1');
    const line = logs.map((text) => JSON.parse(text)).find((entry) => entry.reqId === 'trace-boom-1' && entry.level === 50);
    expect(line?.err?.message).toBe(SECRET_DETAIL);
  });

  it('replaces an unusable x-request-id with a generated one', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
