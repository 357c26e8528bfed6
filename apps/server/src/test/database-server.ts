import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite } from '../db/database';
import { migrateToLatest } from '../db/migrations';

// The test database server's housekeeping, without vitest's test API: global-setup.ts runs it in vitest's own process.

/** The address of database `name` on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabaseTemplates {
  sqliteFile?: string;
  postgresName?: string;
}

/** Makes the templates (global setup); `drop` removes them after the run. */
export async function createTestDatabaseTemplates(): Promise<{ templates: TestDatabaseTemplates; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cp-test-template-'));
  const sqliteFile = join(dir, 'template.sqlite');
  const sqlite = openSqlite(sqliteFile);
  await migrateToLatest(sqlite);
  await sqlite.close();
  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresName: string | undefined;
  if (adminUrl) {
    postgresName = `cp_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${postgresName}`);
    const postgres = openPostgres(databaseUrl(adminUrl, postgresName));
    await migrateToLatest(postgres);
    await postgres.close();
  }
  return {
    templates: { sqliteFile, ...(postgresName ? { postgresName } : {}) },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      if (adminUrl && postgresName) await adminQuery(adminUrl, `drop database if exists ${postgresName} with (force)`);
    },
  };
}

