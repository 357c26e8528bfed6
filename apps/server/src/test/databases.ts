import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openPostgres, openSqlite, type Database, type Dialect } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { adminQuery, databaseUrl, type TestDatabaseTemplates } from './database-server';

export { adminQuery, databaseUrl } from './database-server';

/** A migrated, empty database of its own, plus a scratch directory (DATA_DIR for the suite). */
export interface TestDatabase {
  dialect: Dialect;
  database: Database;
  dataDir: string;
  /** PostgreSQL: the database's address (a LISTEN connection of a suite's own); SQLite: none. */
  url?: string;
  destroy(): Promise<void>;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (e.g. postgres://postgres@127.0.0.1:5432/test). */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The migrated, empty databases global-setup.ts made once per run: a suite copies one (a file copy, a
 * PostgreSQL `create database … template`) instead of running every migration again, ~1.5 s a suite saved.
 * Outside vitest's run (none provided) each suite migrates its own.
 */
function templates(): TestDatabaseTemplates {
  try {
    return inject('testDatabaseTemplates') ?? {};
  } catch {
    return {};
  }
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-test-'));
  const template = templates();
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'test.sqlite');
    const fromTemplate = template.sqliteFile !== undefined && existsSync(template.sqliteFile);
    if (fromTemplate) copyFileSync(template.sqliteFile!, file);
    const database = openSqlite(file);
    if (!fromTemplate) await migrateToLatest(database);
    return {
      dialect,
      database,
      dataDir,
      async destroy() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // A database per suite: parallel suites never see each other's rows.
  const name = `cp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, template.postgresName ? `create database ${name} template ${template.postgresName}` : `create database ${name}`);
  const database = openPostgres(databaseUrl(adminUrl, name));
  if (!template.postgresName) await migrateToLatest(database);
  return {
    dialect,
    database,
    dataDir,
    url: databaseUrl(adminUrl, name),
    async destroy() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `body` once per dialect, each with a fresh database created before and dropped after the suite. */
export function forEachDatabase(title: string, body: (context: () => TestDatabase) => void): void {
  describe.each(TEST_DIALECTS)(`${title} [%s]`, (dialect) => {
    let current: TestDatabase | undefined;
    beforeAll(async () => {
      current = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await current?.destroy();
    });
    body(() => {
      if (!current) throw new Error('test database not ready');
      return current;
    });
  });
}
