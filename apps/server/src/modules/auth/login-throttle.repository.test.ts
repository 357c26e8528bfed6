import { beforeAll, expect, it } from 'vitest';
import { seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createLoginThrottleRepository } from './login-throttle.repository';

forEachDatabase('login throttle repository', (context) => {
  let tenantId = '';
  beforeAll(async () => {
    await seedForTests(context());
    tenantId = (await context().database.db.selectFrom('tenants').select('id').where('isDefault', '=', 1).executeTakeFirstOrThrow()).id;
  });

  it('counts failures atomically under concurrency', async () => {
    const repository = createLoginThrottleRepository(context().database.db);
    const now = '2025-03-01T10:00:00.000Z';
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => repository.recordFailure(tenantId, 'race@acme.example', now, '2025-03-01T09:45:00.000Z')),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('restarts a stale window at 1', async () => {
    const repository = createLoginThrottleRepository(context().database.db);
    await repository.recordFailure(tenantId, 'stale@acme.example', '2025-03-01T10:00:00.000Z', '2025-03-01T09:45:00.000Z');
    await repository.recordFailure(tenantId, 'stale@acme.example', '2025-03-01T10:01:00.000Z', '2025-03-01T09:46:00.000Z');
    const later = await repository.recordFailure(tenantId, 'stale@acme.example', '2025-03-01T11:00:00.000Z', '2025-03-01T10:45:00.000Z');
    expect(later).toBe(1);
    expect(await repository.find(tenantId, 'stale@acme.example')).toMatchObject({ failures: 1, windowStartedAt: '2025-03-01T11:00:00.000Z' });
  });

  it('blocks and clears', async () => {
    const repository = createLoginThrottleRepository(context().database.db);
    await repository.recordFailure(tenantId, 'block@acme.example', '2025-03-01T10:00:00.000Z', '2025-03-01T09:45:00.000Z');
    await repository.block(tenantId, 'block@acme.example', '2025-03-01T10:15:00.000Z', '2025-03-01T10:00:00.000Z');
    expect(await repository.find(tenantId, 'block@acme.example')).toMatchObject({ failures: 0, blockedUntil: '2025-03-01T10:15:00.000Z' });
    await repository.clear(tenantId, 'block@acme.example');
    expect(await repository.find(tenantId, 'block@acme.example')).toBeNull();
  });
});
