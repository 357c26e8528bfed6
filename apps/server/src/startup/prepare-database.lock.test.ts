import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_SEED_OPTIONS } from '../test/app';
import { testHtmlSanitizer } from '../test/html-sanitizer';
import { adminQuery, databaseUrl } from '../test/databases';
import { openPostgres } from '../db/database';
import { prepareDatabase, underStartLock } from './prepare-database';

/**
 * Issue 8 §2: processes started together on an empty PostgreSQL database each seeded it and all but one
 * died on `duplicate key value violates unique constraint "tenants_pkey"`. Under the start lock every one
 * of them starts, and the demo is seeded once.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('starting several processes at once on an empty PostgreSQL database', () => {
  it('migrates and seeds once; every start succeeds', async () => {
    const url = adminUrl as string;
    const name = `cp_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const databases = [0, 1, 2].map(() => openPostgres(databaseUrl(url, name)));
    try {
      const prepared = await Promise.all(
        databases.map((database) => prepareDatabase(database, { seedDemo: true, seed: { ...TEST_SEED_OPTIONS, positions: 30 }, sanitizer: testHtmlSanitizer })),
      );
      expect(prepared.filter((start) => start.seeded !== null)).toHaveLength(1);
      expect(prepared.filter((start) => start.migrations.length > 0)).toHaveLength(1);
      const tenants = await databases[0]?.db.selectFrom('tenants').select('id').execute();
      expect(tenants?.length).toBe(2);
    } finally {
      for (const database of databases) await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    }
  }, 60_000);

  it('lets one holder at a time in, and releases the lock when the work fails', async () => {
    const url = adminUrl as string;
    const name = `cp_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const [first, second] = [openPostgres(databaseUrl(url, name)), openPostgres(databaseUrl(url, name))];
    try {
      const events: string[] = [];
      let release = (): void => undefined;
      const held = underStartLock(first, async () => {
        events.push('first in');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        events.push('first out');
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const waiting = underStartLock(second, async () => {
        events.push('second in');
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events).toEqual(['first in']);
      release();
      await Promise.all([held, waiting]);
      expect(events).toEqual(['first in', 'first out', 'second in']);
      await expect(underStartLock(first, () => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
      await expect(underStartLock(second, async () => 'free again')).resolves.toBe('free again');
    } finally {
      await first.close();
      await second.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    }
  }, 60_000);
});
