import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createShutdown } from './shutdown';
import { createTestApp, seedForTests } from './test/app';
import { createTestDatabase, type TestDatabase } from './test/databases';

let context: TestDatabase;
beforeAll(async () => {
  context = await createTestDatabase('sqlite');
  await seedForTests(context);
});
afterAll(async () => {
  await context.destroy().catch(() => undefined);
});

const slowRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { finished: true };
  });
};

it('lets an in-flight request finish after shutdown begins, then closes the database and exits 0 (T21)', async () => {
  const { app } = await createTestApp(context, { extraSiteRoutes: [slowRoutes] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const exit = vi.fn();
  const closeDatabase = vi.spyOn(context.database, 'close');
  const shutdown = createShutdown({ app, database: context.database, log: app.log, exit });

  const inFlight = fetch(`http://127.0.0.1:${address.port}/api/test/slow`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = shutdown('SIGTERM');
  void shutdown('SIGTERM');

  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ finished: true });
  await closing;
  expect(closeDatabase).toHaveBeenCalledTimes(1);
  expect(exit).toHaveBeenCalledWith(0);
  await expect(fetch(`http://127.0.0.1:${address.port}/healthz`)).rejects.toThrow();
});

it('drains before closing: not ready, still serving requests that arrive just after the signal, telling clients to reconnect (T21, issue 8 §2)', async () => {
  // The first test closed the suite's database: this one has its own.
  const own = await createTestDatabase('sqlite');
  const { app } = await createTestApp(own);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const exit = vi.fn();
  const shutdown = createShutdown({ app, database: own.database, log: app.log, exit, drainGraceMs: 300 });
  expect((await fetch(`http://127.0.0.1:${address.port}/readyz`)).status).toBe(200);

  const closing = shutdown('SIGTERM');
  const late = await fetch(`http://127.0.0.1:${address.port}/healthz`);
  expect(late.status).toBe(200);
  expect(late.headers.get('connection')).toBe('close');
  const readiness = await fetch(`http://127.0.0.1:${address.port}/readyz`);
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toMatchObject({ error: { code: expect.any(String) } });
  await closing;
  expect(exit).toHaveBeenCalledWith(0);
  await own.destroy().catch(() => undefined);
});
