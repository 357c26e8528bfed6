import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../test/databases';
import { createAdminAuditLog } from './admin-audit.repository';

forEachDatabase('admin audit log', (context) => {
  const entry = (n: number) => ({ tenantId: 't', keyId: 'k', action: 'GET /x/:id', target: { id: String(n) }, statusCode: 200, requestId: `req-${n}`, at: new Date(Date.UTC(2025, 0, 1, 0, 0, n % 60)) });
  let count: () => Promise<number>;
  beforeAll(() => {
    count = async () => Number((await context().database.db.selectFrom('adminAuditLog').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  });

  it('writes every row of calls recorded at once, in batches, each call told when its row is stored', async () => {
    const audit = createAdminAuditLog(context().database.db);
    const before = await count();
    await Promise.all(Array.from({ length: 1200 }, (_, n) => audit.record(entry(n))));
    expect(await count()).toBe(before + 1200);
    const row = await context().database.db.selectFrom('adminAuditLog').selectAll().where('requestId', '=', 'req-7').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenantId: 't', keyId: 'k', action: 'GET /x/:id', target: '{"id":"7"}', statusCode: 200, at: '2025-01-01T00:00:07.000Z' });
    // One after the other works too (the queue empties and starts again).
    await audit.record(entry(5000));
    await audit.record({ ...entry(5001), target: null });
    expect(await count()).toBe(before + 1202);
  });

  it('rejects the calls of a batch that cannot be written and keeps going', async () => {
    const audit = createAdminAuditLog(context().database.db);
    const bad = { ...entry(1), action: null as unknown as string };
    const results = await Promise.allSettled([audit.record(bad), audit.record(entry(2))]);
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
    await expect(audit.record(entry(3))).resolves.toBeUndefined();
  });
});
