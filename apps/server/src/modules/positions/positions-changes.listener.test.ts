import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { POSITIONS_CHANNEL, createPositionsChangeBus, type PositionsChange } from './positions-changes';
import { listenForPositionsChanges } from './positions-changes.listener';

/** Issue 8 §2: the LISTEN connection delivers changes, drops what is not one, and comes back after it is cut. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('positions changes over LISTEN/NOTIFY', () => {
  let context: TestDatabase;
  beforeAll(async () => {
    context = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await context.destroy();
  });

  const notify = (payload: string) => sql`select pg_notify(${POSITIONS_CHANNEL}, ${payload})`.execute(context.database.db);
  const change = (version: string): PositionsChange => ({ tenantId: 't1', version, previousVersion: 'v0', ids: [7], kind: 'updated' });

  async function until(condition: () => boolean, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('publishes valid changes, ignores others, and reconnects after its connection is terminated', async () => {
    const bus = createPositionsChangeBus();
    const received: PositionsChange[] = [];
    bus.subscribe((message) => received.push(message));
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }) as unknown as FastifyBaseLogger;
    const listener = listenForPositionsChanges({ connectionString: context.url as string, bus, log });
    try {
      await listener.ready();
      await notify('not json');
      await notify(JSON.stringify({ tenantId: 't1' }));
      await notify(JSON.stringify(change('v1')));
      await until(() => received.length === 1);
      expect(received).toEqual([change('v1')]);
      expect(lines.filter((line) => line.includes('not a change'))).toHaveLength(2);

      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`.execute(context.database.db);
      await until(() => lines.some((line) => line.includes('LISTEN connection lost')));
      await listener.ready();
      await notify(JSON.stringify(change('v2')));
      await until(() => received.length === 2);
      expect(received[1]).toEqual(change('v2'));
    } finally {
      await listener.close();
    }
  }, 30_000);
});
