import { randomUUID } from 'node:crypto';
import { validate } from '@scalar/openapi-parser';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeyTenantOf } from './request-context';
import { createAdminTestApp, type AdminTestApp } from '../test/admin-api';
import { ADA, createTestApp } from '../test/app';
import { signedIn } from '../modules/offers/offers.test-support';
import { parseApiKey } from '../modules/api-keys/api-keys.service';
import { openPostgres, type Database } from '../db/database';
import { forEachDatabase, type TestDatabase } from '../test/databases';
import { listRoutes } from '../test/routes';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';

/** A stand-in admin module: echoes the key's tenant and validates its input with zod. */
const echoRoutes: FastifyPluginAsync = async (app) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  admin.post(
    '/echo/:id',
    {
      schema: {
        summary: 'Echo',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ title: z.string().min(1).max(10) }),
        response: { 200: z.object({ id: z.number(), title: z.string(), tenantId: z.string() }) },
      },
    },
    async (request) => ({ id: request.params.id, title: request.body.title, tenantId: apiKeyTenantOf(request) }),
  );
  admin.get('/boom', { schema: { summary: 'Fails' } }, async () => {
    throw new Error('kaboom');
  });
};

async function auditRows(context: TestDatabase, requestId: string) {
  // The audit row is written after the response: wait for it briefly.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const rows = await context.database.db.selectFrom('adminAuditLog').selectAll().where('requestId', '=', requestId).execute();
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

forEachDatabase('admin API scope', (context) => {
  let admin: AdminTestApp;
  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { extraAdminRoutes: [echoRoutes] });
  });
  afterAll(async () => {
    await admin.app.close();
  });

  describe('authentication', () => {
    it('answers a valid key with its own tenant', async () => {
      const response = await admin.call({ method: 'POST', url: '/echo/7', payload: { title: 'hello' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: 7, title: 'hello', tenantId: admin.tenantId });
      const other = await admin.call({ method: 'POST', url: '/echo/7', payload: { title: 'hello' }, key: admin.otherKey });
      expect(other.json()).toMatchObject({ tenantId: admin.otherTenantId });
    });

    it.each([
      ['no header', undefined],
      ['another scheme', `Basic abc`],
      ['a malformed key', 'Bearer cpk_nothex_short'],
      ['an unknown key', `Bearer cpk_${'0'.repeat(24)}_${'A'.repeat(43)}`],
    ])('refuses %s with 401 and a Bearer challenge', async (_label, authorization) => {
      const response = await admin.app.inject({
        method: 'POST',
        url: '/api/admin/v1/echo/7',
        payload: { title: 'hello' },
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    });

    it('refuses a key with the right id and a wrong secret', async () => {
      const forged = admin.key.slice(0, -4) + (admin.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const response = await admin.call({ method: 'POST', url: '/echo/7', payload: { title: 'x' }, key: forged });
      expect(response.statusCode).toBe(401);
    });

    it('stops a revoked key on the very next call', async () => {
      const created = await admin.apiKeys.create(admin.tenantId, 'to revoke');
      expect((await admin.call({ method: 'POST', url: '/echo/1', payload: { title: 'a' }, key: created.key })).statusCode).toBe(200);
      await admin.apiKeys.revoke(admin.tenantId, created.keyId);
      expect((await admin.call({ method: 'POST', url: '/echo/1', payload: { title: 'a' }, key: created.key })).statusCode).toBe(401);
    });

    it('answers unknown admin paths 401 without a key and 404 with one', async () => {
      expect((await admin.call({ method: 'GET', url: '/no-such-thing', key: null })).statusCode).toBe(401);
      const response = await admin.call({ method: 'GET', url: '/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    });

    it('refuses a signed-in candidate\'s session: cookies are no credential here (so no CSRF either)', async () => {
      const ada = await signedIn(admin.app, ADA);
      const response = await ada.request({ method: 'POST', url: '/api/admin/v1/echo/1', payload: { title: 'x' } });
      expect(response.statusCode).toBe(401);
    });

    it('ignores cookies and the Host header: the key alone names the tenant', async () => {
      const response = await admin.call({ method: 'POST', url: '/echo/3?domain=globex.example', payload: { title: 'x' }, headers: { host: 'globex.example', cookie: 'cp_sid=whatever' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ tenantId: admin.tenantId });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('validation', () => {
    it('answers bad input 400 with the JSON error shape and its issues', async () => {
      const response = await admin.call({ method: 'POST', url: '/echo/0', payload: { title: '' } });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: { code: string; fields: Record<string, string> }; issues: { path: string; message: string }[] }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.issues.length).toBeGreaterThan(0);
      expect(body.issues[0]!.path).toMatch(/^(params|body)\//);
    });

    it('answers malformed JSON 400 and an unexpected failure a bare 500 in the same shape', async () => {
      const bad = await admin.call({ method: 'POST', url: '/echo/1', payload: '{"title":', headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'bad_request' } });
      const boom = await admin.call({ method: 'GET', url: '/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ error: { code: 'internal_error', message: 'Internal Server Error' } });
    });
  });

  describe('audit', () => {
    it('records successful and refused calls with key, action, target, status and request id; never the key', async () => {
      const ok = await admin.call({ method: 'POST', url: '/echo/42', payload: { title: 'x' } });
      const [row] = await auditRows(context(), ok.headers['x-request-id'] as string);
      expect(row).toMatchObject({ tenantId: admin.tenantId, keyId: admin.keyId, action: 'POST /api/admin/v1/echo/:id', target: '{"id":"42"}', statusCode: 200 });
      expect(Number.isNaN(Date.parse(row!.at))).toBe(false);

      const refused = await admin.call({ method: 'POST', url: '/echo/42', payload: { title: 'x' }, key: `cpk_${'1'.repeat(24)}_${'B'.repeat(43)}` });
      const [refusedRow] = await auditRows(context(), refused.headers['x-request-id'] as string);
      expect(refusedRow).toMatchObject({ tenantId: null, keyId: null, statusCode: 401, action: 'POST /api/admin/v1/echo/:id' });

      const invalid = await admin.call({ method: 'POST', url: '/echo/42', payload: { title: '' } });
      expect((await auditRows(context(), invalid.headers['x-request-id'] as string))[0]).toMatchObject({ statusCode: 400, keyId: admin.keyId });

      // The whole secret (base64url, so it may hold '_': split('_') would take a fragment as short as one letter).
      const secret = parseApiKey(admin.key)?.secret;
      expect(secret).toHaveLength(43);
      const everything = JSON.stringify(await context().database.db.selectFrom('adminAuditLog').selectAll().execute());
      expect(everything).not.toContain(secret);
      // Nor do the logs (T22).
      expect(admin.logs.join('\n')).not.toContain(secret);
    });
  });

  describe('the published description', () => {
    it('serves an OpenAPI 3.1 document made from the route schemas, without a key', async () => {
      const response = await admin.call({ method: 'GET', url: '/openapi.json', key: null });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>; components: { securitySchemes: Record<string, unknown> }; security: unknown[] }>();
      expect(document.openapi).toBe('3.1.0');
      expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(document.security).toEqual([{ bearerAuth: [] }]);
      const echo = document.paths['/api/admin/v1/echo/{id}']?.post;
      expect(echo?.requestBody).toBeDefined();
      expect(JSON.stringify(echo)).toContain('"maxLength":10');
      expect(Object.keys(document.paths).some((path) => path.includes('docs') || path.includes('openapi'))).toBe(false);
      // A valid OpenAPI 3.1 document, checked by Scalar's parser (the reference page's own).
      const { valid, errors } = await validate(response.body);
      expect(valid, JSON.stringify(errors)).toBe(true);
      // Every admin route of the app is in it, under its OpenAPI path.
      const routes = listRoutes(admin.app)
        .filter((route) => route.pattern.startsWith('/api/admin/v1/') && route.method !== 'HEAD' && !/\/(docs|openapi\.json|\*)/.test(route.pattern))
        .map((route) => `${route.method.toLowerCase()} ${route.pattern.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        const [method, path] = route.split(' ') as [string, string];
        expect(document.paths[path]?.[method], route).toBeDefined();
      }
    });

    it('serves the reference page with its script locally and a CSP that allows only that page\'s inline script', async () => {
      const redirect = await admin.call({ method: 'GET', url: '/docs', key: null });
      expect(redirect.statusCode).toBe(301);
      const page = await admin.call({ method: 'GET', url: '/docs/', key: null });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('src="js/scalar.js"');
      expect(page.body).not.toMatch(/https?:\/\/cdn/);
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).toContain("object-src 'none'");
      const script = await admin.call({ method: 'GET', url: '/docs/js/scalar.js', key: null });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      // The rest of the API keeps the strict policy.
      const api = await admin.call({ method: 'GET', url: '/openapi.json', key: null });
      expect(api.headers['content-security-policy']).not.toContain('sha256-');
    });
  });
});

forEachDatabase('admin API on two processes', (context) => {
  let first: AdminTestApp;
  let second: FastifyInstance;
  let secondDatabase: Database | undefined;
  beforeAll(async () => {
    first = await createAdminTestApp(context(), { extraAdminRoutes: [echoRoutes] });
    // A second app on the same database with its own connections (PostgreSQL): another process.
    const url = context().url;
    secondDatabase = url ? openPostgres(url) : undefined;
    ({ app: second } = await createTestApp({ ...context(), database: secondDatabase ?? context().database }, { extraAdminRoutes: [echoRoutes] }));
  });
  afterAll(async () => {
    await first.app.close();
    await second.close();
    await secondDatabase?.close();
  });

  it('stops a key revoked on one process on the other at its very next call', async () => {
    const created = await first.apiKeys.create(first.tenantId, 'shared');
    const on = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/admin/v1/echo/1', payload: { title: 'x' }, headers: { authorization: `Bearer ${created.key}` } });
    expect((await on(first.app)).statusCode).toBe(200);
    expect((await on(second)).statusCode).toBe(200);
    await first.apiKeys.revoke(first.tenantId, created.keyId);
    expect((await on(second)).statusCode).toBe(401);
    expect((await on(first.app)).statusCode).toBe(401);
  });
});

forEachDatabase('admin API rate limit', (context) => {
  let admin: AdminTestApp;
  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { extraAdminRoutes: [echoRoutes], rateLimits: { adminApiPerMinute: 3 } });
  });
  afterAll(async () => {
    await admin.app.close();
  });

  it('answers 429 with Retry-After past the limit, per key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await admin.call({ method: 'POST', url: '/echo/1', payload: { title: 'x' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await admin.call({ method: 'POST', url: '/echo/1', payload: { title: 'x' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another key has its own budget.
    expect((await admin.call({ method: 'POST', url: '/echo/1', payload: { title: 'x' }, key: admin.otherKey })).statusCode).toBe(200);
  });
});

const REDIS_URL = TEST_REDIS_URL;
const hasRedis = await redisAnswers();

forEachDatabase('admin API rate limit shared through Redis', (context) => {
  let first: AdminTestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    const config = { redisUrl: REDIS_URL, redisKeyPrefix: `careers-test-${randomUUID()}:` };
    first = await createAdminTestApp(context(), { extraAdminRoutes: [echoRoutes], rateLimits: { adminApiPerMinute: 3 }, config });
    ({ app: second } = await createTestApp(context(), { extraAdminRoutes: [echoRoutes], rateLimits: { adminApiPerMinute: 3 }, config }));
    // Until ioredis has connected, a call is counted in its process's memory (rate-limit-store.ts): let it connect.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterAll(async () => {
    await first.app.close();
    await second.close();
  });

  it.skipIf(!hasRedis)('counts a key\'s calls across processes: the fourth on either is 429', async () => {
    const on = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/admin/v1/echo/1', payload: { title: 'x' }, headers: { authorization: `Bearer ${first.key}` } });
    const statuses = [await on(first.app), await on(second), await on(first.app), await on(second)].map((response) => response.statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

