import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SEED_OPTIONS } from '../test/app';
import { testHtmlSanitizer } from '../test/html-sanitizer';
import { adminQuery, databaseUrl, TEST_DIALECTS } from '../test/databases';
import { openDatabase, SQLITE_FILE_NAME, type Database, type Dialect } from './database';
import { migrateToLatest } from './migrations';
import { prepareDatabase, type PreparedDatabase } from '../startup/prepare-database';

/**
 * QUALITY.md "Durability": a freshly opened SQLite database runs WAL, foreign keys on, synchronous=FULL and
 * a busy timeout. And a restart keeps the data: the second start finds the database migrated and seeded,
 * applies nothing, seeds nothing, and a row written between the starts is still there.
 */

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratchDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'cp-db-'));
  scratch.push(dir);
  return dir;
};

describe('SQLite pragmas', () => {
  it('opens a fresh database in WAL mode with foreign_keys=ON, synchronous=FULL and a busy timeout', async () => {
    const dataDir = scratchDir();
    // The production path: DATA_DIR without DATABASE_URL.
    const database = openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(database.dialect).toBe('sqlite');
      const sqlite = database.sqlite;
      if (!sqlite) throw new Error('no SQLite connection');
      expect(sqlite.name).toBe(join(dataDir, SQLITE_FILE_NAME));
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(Number(sqlite.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);

      // The same settings seen through Kysely, i.e. on the connection every query runs on.
      const read = async (pragma: string) => (await sql.raw<Record<string, unknown>>(`pragma ${pragma}`).execute(database.db)).rows[0];
      expect(Object.values((await read('journal_mode')) ?? {})).toEqual(['wal']);
      expect(Object.values((await read('foreign_keys')) ?? {})).toEqual([1]);
      expect(Object.values((await read('synchronous')) ?? {})).toEqual([2]);
      const busy = Number(Object.values((await read('busy_timeout')) ?? {})[0]);
      expect(busy).toBeGreaterThan(0);

      // foreign_keys is really enforced, not only reported.
      await migrateToLatest(database);
      await expect(
        database.db.insertInto('savedPositions').values({ tenantId: 'no-tenant', candidateId: 'no-candidate', positionId: 999_999, createdAt: '2025-03-01T00:00:00.000Z' }).execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
      console.info(`SQLite pragmas: journal_mode=wal, foreign_keys=1, synchronous=2, busy_timeout=${busy}`);
    } finally {
      await database.close();
    }
  });

  it('keeps WAL on a database file opened again (the mode is stored in the file)', async () => {
    const dataDir = scratchDir();
    await openDatabase({ dataDir, databaseUrl: undefined }).close();
    const again = openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(again.sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(again.sqlite?.pragma('synchronous', { simple: true })).toBe(2);
      expect(again.sqlite?.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await again.close();
    }
  });
});

/** What main.ts does before it listens (SEED_DEMO=1), with a small seed. */
async function startSteps(database: Database): Promise<{ applied: string[]; seeded: boolean; tenantHtml: PreparedDatabase['tenantHtml'] }> {
  const prepared = await prepareDatabase(database, { seedDemo: true, seed: { ...TEST_SEED_OPTIONS, positions: 20 }, sanitizer: testHtmlSanitizer });
  return { applied: prepared.migrations, seeded: prepared.seeded !== null, tenantHtml: prepared.tenantHtml };
}

/** Where a dialect's database lives across the two starts: a DATA_DIR, or a PostgreSQL database of its own. */
async function storage(dialect: Dialect): Promise<{ open(): Database; drop(): Promise<void> }> {
  const dataDir = scratchDir();
  if (dialect === 'sqlite') return { open: () => openDatabase({ dataDir, databaseUrl: undefined }), drop: async () => undefined };
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `cp_restart_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => adminQuery(adminUrl, statement);
  await admin(`create database ${name}`);
  return { open: () => openDatabase({ dataDir, databaseUrl: databaseUrl(adminUrl, name) }), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Every row of the seeded tables, in a stable order, for "nothing re-seeded". */
async function seededRows(database: Database): Promise<string> {
  const { db } = database;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('tenants').selectAll().orderBy('id').execute(),
      db.selectFrom('candidates').selectAll().orderBy('id').execute(),
      db.selectFrom('positions').select(['id', 'tenantId', 'updatedAt']).orderBy('id').execute(),
      db.selectFrom('offers').selectAll().orderBy('id').execute(),
      db.selectFrom('offerEvents').select(['id', 'hash']).orderBy('id').execute(),
      db.selectFrom('savedPositions').selectAll().orderBy('candidateId').orderBy('positionId').execute(),
    ]),
  );
}

describe.each(TEST_DIALECTS)('starting twice [%s]', (dialect) => {
  it('reuses the database: the second start applies no migration, seeds nothing, and keeps a row written in between', async () => {
    const where = await storage(dialect);
    try {
      const first = where.open();
      let written: { candidateId: string; tenantId: string; positionId: number };
      let before: string;
      try {
        const started = await startSteps(first);
        expect(started.applied.length).toBeGreaterThan(0);
        expect(started.seeded).toBe(true);
        // A candidate saves a position while the first process runs.
        const candidate = await first.db.selectFrom('candidates').select(['id', 'tenantId']).orderBy('id').executeTakeFirstOrThrow();
        const savedAlready = first.db.selectFrom('savedPositions').select('positionId').where('candidateId', '=', candidate.id);
        const position = await first.db
          .selectFrom('positions')
          .select('id')
          .where('tenantId', '=', candidate.tenantId)
          .where('id', 'not in', savedAlready)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        written = { candidateId: candidate.id, tenantId: candidate.tenantId, positionId: position.id };
        await first.db.insertInto('savedPositions').values({ ...written, createdAt: '2025-03-02T10:00:00.000Z' }).execute();
        before = await seededRows(first);
      } finally {
        await first.close();
      }

      const second = where.open();
      try {
        const started = await startSteps(second);
        expect(started.applied).toEqual([]);
        expect(started.seeded).toBe(false);
        // The seed stored every tenant's HTML sanitized: nothing left to do.
        expect(started.tenantHtml).toEqual({ completed: [] });
        expect(await seededRows(second)).toBe(before);
        const saved = await second.db.selectFrom('savedPositions').selectAll().where('candidateId', '=', written.candidateId).where('positionId', '=', written.positionId).execute();
        expect(saved).toEqual([{ ...written, createdAt: '2025-03-02T10:00:00.000Z' }]);
        const counts = await second.db
          .selectFrom('candidates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        console.info(`start twice ${dialect}: second start applied 0 migrations, seeded nothing, ${Number(counts.n)} candidates kept, the saved position survived`);
      } finally {
        await second.close();
      }
    } finally {
      await where.drop();
    }
  }, 60_000);
});

describe('starting with SEED_DEMO=0', () => {
  it('migrates an empty database and leaves it empty', async () => {
    const database = openDatabase({ dataDir: scratchDir(), databaseUrl: undefined });
    try {
      const prepared = await prepareDatabase(database, { seedDemo: false });
      expect(prepared.migrations.length).toBeGreaterThan(0);
      expect(prepared.seeded).toBeNull();
      expect(await database.db.selectFrom('tenants').select('id').execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('starting with tenant HTML stored before it was sanitized on write (migration 0005)', () => {
  it('sanitizes it at start; when that fails the start goes on and says why', async () => {
    const database = openDatabase({ dataDir: scratchDir(), databaseUrl: undefined });
    try {
      await startSteps(database);
      await database.db.updateTable('tenants').set({ sanitizedHtml: null }).execute();

      const broken = await prepareDatabase(database, { seedDemo: true, sanitizer: () => Promise.reject(new Error('no child process')) });
      expect(broken.tenantHtml).toEqual({ failed: new Error('no child process') });
      expect(await database.db.selectFrom('tenants').select('sanitizedHtml').where('sanitizedHtml', 'is not', null).execute()).toEqual([]);

      const fixed = await prepareDatabase(database, { seedDemo: true, sanitizer: testHtmlSanitizer });
      // Acme has a banner, a footer and navbar HTML; Globex has no custom HTML, so nothing is missing there.
      expect(fixed.tenantHtml).toEqual({ completed: ['acme.example'] });
      expect(await prepareDatabase(database, { seedDemo: true, sanitizer: testHtmlSanitizer })).toMatchObject({ tenantHtml: { completed: [] } });
      const acme = await database.db.selectFrom('tenants').select('sanitizedHtml').where('domain', '=', 'acme.example').executeTakeFirstOrThrow();
      expect(acme.sanitizedHtml).toContain('Hiring event');
    } finally {
      await database.close();
    }
  }, 60_000);
});
