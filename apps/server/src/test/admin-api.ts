import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { systemClock } from '../clock';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository';
import { createApiKeysService, type ApiKeysService } from '../modules/api-keys/api-keys.service';
import { ACME_DOMAIN, GLOBEX_DOMAIN } from '../startup/seed/demo-tenants';
import { isDatabaseEmpty } from '../startup/seed/seed';
import { createTestApp, seedForTests, type TestAppOptions } from './app';
import type { TestDatabase } from './databases';

export interface AdminTestApp {
  app: FastifyInstance;
  logs: string[];
  /** A fresh key of the demo tenant acme.example ("tenant A"). */
  key: string;
  keyId: string;
  tenantId: string;
  /** A fresh key of globex.example ("tenant B"): its data must never reach `key`, nor the reverse. */
  otherKey: string;
  otherTenantId: string;
  /** The keys service on the suite's database (make, list, revoke more keys). */
  apiKeys: ApiKeysService;
  /** app.inject with `Authorization: Bearer <key>` (default: `key`); the URL is relative to /api/admin/v1. */
  call(request: { method: InjectOptions['method']; url: string; payload?: InjectOptions['payload']; key?: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

export interface AdminTestAppOptions extends TestAppOptions {
  /** Admin routes plugins under test, registered inside the admin scope. */
  extraAdminRoutes?: FastifyPluginAsync[];
  /** Demo positions seeded when the suite's database is still empty (default 5). */
  positions?: number;
}

async function tenantIdOf(context: TestDatabase, domain: string): Promise<string> {
  const row = await context.database.db.selectFrom('tenants').select('id').where('domain', '=', domain).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The app on a suite's database for employer-API tests: the demo tenants seeded (once per database), and a
 * new key for each of acme.example and globex.example. Usage:
 *
 *   const admin = await createAdminTestApp(context());
 *   const response = await admin.call({ method: 'GET', url: '/positions' });
 *   // or: admin.app.inject({ method: 'GET', url: '/api/admin/v1/positions', headers: { authorization: `Bearer ${admin.key}` } })
 */
export async function createAdminTestApp(context: TestDatabase, options: AdminTestAppOptions = {}): Promise<AdminTestApp> {
  if (await isDatabaseEmpty(context.database)) await seedForTests(context, options.positions ?? 5);
  const apiKeys = createApiKeysService({ repository: createApiKeysRepository(context.database.db), clock: systemClock });
  const tenantId = await tenantIdOf(context, ACME_DOMAIN);
  const otherTenantId = await tenantIdOf(context, GLOBEX_DOMAIN);
  const mine = await apiKeys.create(tenantId, 'test key A');
  const other = await apiKeys.create(otherTenantId, 'test key B');
  const { app, logs } = await createTestApp(context, options);
  const call: AdminTestApp['call'] = (request) => {
    const key = request.key === undefined ? mine.key : request.key;
    return app.inject({
      method: request.method,
      url: `/api/admin/v1${request.url}`,
      payload: request.payload,
      headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...request.headers },
    });
  };
  return { app, logs, key: mine.key, keyId: mine.keyId, tenantId, otherKey: other.key, otherTenantId, apiKeys, call };
}
