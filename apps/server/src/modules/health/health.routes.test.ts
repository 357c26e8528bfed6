import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createTestDatabase, forEachDatabase, type TestDatabase } from '../../test/databases';

forEachDatabase('health', (context) => {
  it('answers /healthz and /readyz', async () => {
    const { app } = await createTestApp(context());
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    await app.close();
  });
});

let broken: TestDatabase;
beforeAll(async () => {
  broken = await createTestDatabase('sqlite');
});
afterAll(async () => {
  await broken.destroy().catch(() => undefined);
});

it('fails readiness with 503 + Retry-After when the database is gone, while liveness holds', async () => {
  const { app } = await createTestApp(broken);
  await broken.database.close();
  const ready = await app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['retry-after']).toBe('5');
  expect(ready.json().error.code).toBe('service_unavailable');
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  await app.close();
});
