import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSearchQuery } from '@careers/contracts';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createPositionsRepository } from '../modules/positions/positions.repository';
import { createSearchRepository } from '../modules/search/search.repository';
import { createSearchService } from '../modules/search/search.service';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';
import { createTenantsService, type Tenant } from '../modules/tenants/tenants.service';
import { testConfig } from '../test/app';
import { createTestDatabase } from '../test/databases';
import { testHtmlSanitizer } from '../test/html-sanitizer';
import { run } from './run';

/**
 * Issue 10's command line through run() — the dispatcher main.ts calls — with a fake io and a temporary
 * SQLite database: every command's happy path and its refusals, and the exit codes scripts rely on.
 */

const FIXTURES = new URL('../modules/positions/import/fixtures/', import.meta.url).pathname;

interface Ran {
  code: number;
  out: string[];
  err: string[];
}

let dataDir: string;
let config: AppConfig;
let open: Database | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cp-cli-'));
  config = testConfig(dataDir);
  open = undefined;
});

afterEach(async () => {
  await open?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a command; with `database`, on that (open) database instead of opening the configured one. */
async function careers(args: string[], options: { database?: Database; config?: AppConfig } = {}): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, { io: { out: (line) => out.push(line), err: (line) => err.push(line) }, config: options.config ?? config, database: options.database });
  return { code, out, err };
}

function database(): Database {
  open ??= openDatabase(config);
  return open;
}

const positionsOf = async (tenantId: string) =>
  (await database().db.selectFrom('positions').select(['externalRef', 'title', 'archivedAt']).where('tenantId', '=', tenantId).orderBy('externalRef').execute()).map((row) => row.externalRef);

async function acme(): Promise<void> {
  expect((await careers(['tenant', 'create', '--id', 'acme', '--domain', 'careers.acme.test', '--name', 'Acme Robotics'])).code).toBe(0);
}

describe('dispatch and usage', () => {
  it('help prints every command and exits 0; nothing or an unknown group is a usage error (2)', async () => {
    const help = await careers(['help']);
    expect(help.code).toBe(0);
    for (const line of ['tenant create', 'positions import', 'migrate', 'seed', 'backup <file>', 'restore <file>']) expect(help.out.join('\n')).toContain(line);
    expect((await careers([])).code).toBe(2);
    const unknown = await careers(['teleport']);
    expect(unknown).toMatchObject({ code: 2, err: expect.arrayContaining(['unknown command "teleport"']) as string[] });
  });

  it('an unknown verb, a missing or unknown option: 2, with the group’s usage', async () => {
    const verb = await careers(['tenant', 'delete']);
    expect(verb.code).toBe(2);
    expect(verb.err[0]).toBe('tenant: unknown verb "delete" (expected one of: create, list, show)');
    expect(verb.err).toContain('usage: tenant list [--json]');
    expect((await careers(['tenant', 'create', '--id', 'x', '--domain', 'x.test'])).err[0]).toBe('tenant: --name is required');
    expect((await careers(['tenant', 'list', '--colour'])).code).toBe(2);
    expect((await careers(['positions', 'import', '--tenant', 'acme'])).err[0]).toBe('positions: missing <file>');
  });
});

describe('tenant', () => {
  it('create, list and show; the first tenant is the default', async () => {
    await acme();
    const second = await careers(['tenant', 'create', '--id', 'globex', '--domain', 'Jobs.Globex.test', '--name', 'Globex', '--origin', 'https://jobs.globex.test', '--origin', 'https://careers.globex.test']);
    expect(second).toMatchObject({ code: 0, out: ['created tenant globex (jobs.globex.test, "Globex")'] });
    const list = await careers(['tenant', 'list']);
    expect(list.out).toEqual(['id\tdomain\tcompany\tdefault\topen_positions', 'acme\tcareers.acme.test\tAcme Robotics\tyes\t0', 'globex\tjobs.globex.test\tGlobex\tno\t0']);
    const json = JSON.parse((await careers(['tenant', 'list', '--json'])).out[0] ?? '') as unknown[];
    expect(json).toEqual([
      { id: 'acme', domain: 'careers.acme.test', companyName: 'Acme Robotics', isDefault: true, openPositions: 0 },
      { id: 'globex', domain: 'jobs.globex.test', companyName: 'Globex', isDefault: false, openPositions: 0 },
    ]);
    const show = JSON.parse((await careers(['tenant', 'show', 'globex', '--json'])).out[0] ?? '') as Record<string, unknown>;
    expect(show).toMatchObject({ id: 'globex', publicOrigins: ['https://jobs.globex.test', 'https://careers.globex.test'], counts: { openPositions: 0, archivedPositions: 0, candidates: 0, offers: 0 } });
    expect((await careers(['tenant', 'show', 'acme'])).out).toContain('origins: (none: the server address is used)');
    // The site serves it: the tenant resolves by its domain with the default config.
    const tenants = createTenantsService({ repository: createTenantsRepository(database().db), clock: systemClock, sanitizer: testHtmlSanitizer });
    expect((await tenants.resolve('jobs.globex.test'))?.config.pcsxConfig.branding.companyName).toBe('Globex');
  });

  it('refuses a duplicate id or domain (1), bad values (2) and an unknown tenant (1)', async () => {
    await acme();
    expect(await careers(['tenant', 'create', '--id', 'acme', '--domain', 'other.test', '--name', 'Other'])).toMatchObject({ code: 1, err: ['tenant create: a tenant with id "acme" already exists'] });
    expect(await careers(['tenant', 'create', '--id', 'other', '--domain', 'CAREERS.acme.test', '--name', 'Other'])).toMatchObject({ code: 1, err: ['tenant create: a tenant is already served on "careers.acme.test"'] });
    expect((await careers(['tenant', 'create', '--id', 'has space', '--domain', 'x.test', '--name', 'X'])).code).toBe(2);
    expect((await careers(['tenant', 'create', '--id', 'x', '--domain', 'http://x.test/', '--name', 'X'])).code).toBe(2);
    expect((await careers(['tenant', 'create', '--id', 'x', '--domain', 'x.test', '--name', 'X', '--origin', 'ftp://x.test'])).code).toBe(2);
    expect((await careers(['tenant', 'list', '--json'])).out[0]).not.toContain('"x"');
    expect(await careers(['tenant', 'show', 'nobody'])).toMatchObject({ code: 1, err: ['tenant show: no tenant with id "nobody"'] });
  });
});

describe('positions import', () => {
  it('imports every format; a re-import is unchanged; show counts them; search finds them', async () => {
    await acme();
    const summaries: string[] = [];
    for (const file of ['positions.json', 'positions.csv', 'greenhouse.json', 'lever.json']) {
      const ran = await careers(['positions', 'import', join(FIXTURES, file), '--tenant', 'acme', '--json'], { database: database() });
      expect(ran.code).toBe(0);
      summaries.push(ran.out[0] ?? '');
    }
    expect(summaries.map((line) => JSON.parse(line) as { format: string; created: number })).toMatchObject([
      { format: 'json', created: 2 },
      { format: 'csv', created: 3 },
      { format: 'greenhouse', created: 2 },
      { format: 'lever', created: 2 },
    ]);
    const again = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'acme']);
    expect(again.code).toBe(0);
    expect(again.out[0]).toMatch(/: 0 were created, 0 updated, 3 unchanged, 0 archived$/);
    // The tenant by the domain it is served on, as operators know it: the same tenant, nothing changed.
    const byDomain = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'careers.acme.test', '--dry-run']);
    expect(byDomain.code).toBe(0);
    expect(byDomain.out[0]).toMatch(/: 0 would be created, 0 updated, 3 unchanged, 0 archived$/);
    expect((await careers(['tenant', 'show', 'acme'])).out).toContain('positions: 9 open, 0 archived');

    const tenant = (await createTenantsService({ repository: createTenantsRepository(database().db), clock: systemClock, sanitizer: testHtmlSanitizer }).resolve('careers.acme.test')) as Tenant;
    const search = createSearchService({ repository: createSearchRepository(database().db, 'sqlite'), positions: createPositionsRepository(database().db), dialect: 'sqlite', clock: systemClock });
    const find = async (params: Record<string, string>) => {
      const parsed = parseSearchQuery(params);
      if (!parsed.ok) throw new Error(parsed.message);
      return search.search({ tenant, query: parsed.value, candidateId: null, withDebug: false });
    };
    expect((await find({ query: 'firmware' })).positions.map((position) => position.name)).toEqual(['Firmware Engineer']);
    expect((await find({ query: 'perception' })).positions.map((position) => position.name)).toEqual(['Staff Software Engineer, Perception']);
    expect((await find({ location: 'Munich' })).count).toBe(1);
    expect((await find({ location: 'remote' })).count).toBeGreaterThanOrEqual(3);
  });

  it('a malformed file of any format applies nothing, lists its problems and exits 1', async () => {
    await acme();
    await careers(['positions', 'import', join(FIXTURES, 'positions.json'), '--tenant', 'acme']);
    for (const file of ['positions-bad.json', 'positions-bad.csv', 'positions-bad-quoting.csv', 'positions-missing-column.csv', 'greenhouse-bad.json', 'lever-bad.json']) {
      const ran = await careers(['positions', 'import', join(FIXTURES, file), '--tenant', 'acme']);
      expect(ran.code, file).toBe(1);
      expect(ran.err.at(-1), file).toMatch(/problems?; nothing was applied$/);
      expect(ran.out, file).toEqual([]);
    }
    const csv = await careers(['positions', 'import', join(FIXTURES, 'positions-bad.csv'), '--tenant', 'acme']);
    expect(csv.err).toContain('record 4 (line 7): external_ref: "BAD-1" is also record 1');
    expect(await positionsOf('acme')).toEqual(['ENG-1', 'OPS-2']);
  });

  it('caps the listed problems at 50 and counts the rest', async () => {
    await acme();
    const file = join(dataDir, 'many-bad.json');
    writeFileSync(file, JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ externalRef: `X-${index}` }))));
    const ran = await careers(['positions', 'import', file, '--tenant', 'acme']);
    expect(ran.code).toBe(1);
    expect(ran.err).toHaveLength(52);
    expect(ran.err[50]).toMatch(/^… and \d+ more$/);
  });

  it('--dry-run writes nothing; --archive-missing archives what the file leaves out', async () => {
    await acme();
    await careers(['positions', 'import', join(FIXTURES, 'positions.json'), '--tenant', 'acme']);
    const dry = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'acme', '--dry-run', '--archive-missing']);
    expect(dry.out).toEqual([expect.stringMatching(/3 would be created, 0 updated, 0 unchanged, 2 archived$/), 'dry run: nothing was written']);
    expect(await positionsOf('acme')).toEqual(['ENG-1', 'OPS-2']);
    const real = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'acme', '--archive-missing', '--json']);
    expect(JSON.parse(real.out[0] ?? '')).toMatchObject({ created: 3, archived: 2, dryRun: false });
    expect((await careers(['tenant', 'show', 'acme'])).out).toContain('positions: 3 open, 2 archived');
  });

  it('refuses an unknown tenant, a missing file and an unknown format; --format overrides the sniffing', async () => {
    await acme();
    expect(await careers(['positions', 'import', join(FIXTURES, 'positions.json'), '--tenant', 'nobody'])).toMatchObject({ code: 1, err: ['positions: no tenant with id or domain "nobody" (see: tenant list)'] });
    expect((await careers(['positions', 'import', join(dataDir, 'missing.json'), '--tenant', 'acme'])).err).toEqual([`positions import: cannot read ${join(dataDir, 'missing.json')}: ENOENT`]);
    expect((await careers(['positions', 'import', join(FIXTURES, 'positions.json'), '--tenant', 'acme', '--format', 'xml'])).code).toBe(2);
    const forced = await careers(['positions', 'import', join(FIXTURES, 'lever.json'), '--tenant', 'acme', '--format', 'json']);
    expect(forced.code).toBe(1);
    expect(forced.err[0]).toMatch(/^record 1: externalRef: /);
  });
});

describe('migrate and seed', () => {
  it('migrate applies every migration once', async () => {
    const first = await careers(['migrate']);
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(/^applied: 0001-initial, /);
    expect((await careers(['migrate'])).out).toEqual(['the database is up to date']);
  });

  it('seed fills an empty database, refuses a full one, replaces it with --reset', async () => {
    const seeded = await careers(['seed', '--positions', '12']);
    expect(seeded.code).toBe(0);
    expect(seeded.out[0]).toMatch(/^seeded 2 tenants, \d+ candidates, 52 positions, \d+ offers in /);
    expect(await careers(['seed'])).toMatchObject({ code: 1, err: [expect.stringContaining('already holds data') as string] });
    expect((await careers(['seed', '--positions', 'many'])).code).toBe(2);
    expect((await careers(['seed', '--positions', '3', '--reset'])).code).toBe(0);
    expect((await careers(['tenant', 'list'])).out).toHaveLength(3);
  }, 60_000);
});

describe('backup and restore (SQLite)', () => {
  it('a backup taken with the database open restores the data as it was; the replaced one is kept', async () => {
    await acme();
    await careers(['positions', 'import', join(FIXTURES, 'positions.json'), '--tenant', 'acme']);
    const file = join(dataDir, 'backup.sqlite');
    // Online: the CLI's backup runs while another connection (a server) has the database open.
    const backup = await careers(['backup', file], { database: database() });
    expect(backup.code).toBe(0);
    expect(backup.out[0]).toMatch(/^backed up .*careers\.sqlite to .*backup\.sqlite \(\d+ pages\)$/);
    expect((await careers(['backup', file])).code).toBe(1);

    await careers(['positions', 'import', join(FIXTURES, 'lever.json'), '--tenant', 'acme'], { database: database() });
    expect(await positionsOf('acme')).toHaveLength(4);
    const busy = await careers(['restore', file]);
    expect(busy).toMatchObject({ code: 1, err: [expect.stringContaining('is in use (a running server?)') as string] });

    await open?.close();
    open = undefined;
    const restored = await careers(['restore', file]);
    expect(restored.code).toBe(0);
    expect(restored.out[0]).toMatch(/the previous database is kept as .*careers\.sqlite\.before-restore-/);
    expect(await positionsOf('acme')).toEqual(['ENG-1', 'OPS-2']);
    expect((await careers(['tenant', 'show', 'acme'])).out).toContain('positions: 2 open, 0 archived');
    expect(readdirSync(dataDir).some((name) => name.startsWith('careers.sqlite.before-restore-'))).toBe(true);
  });

  it('restore refuses what is not a database of ours and leaves the database alone', async () => {
    await acme();
    const text = join(dataDir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header'.repeat(20));
    expect((await careers(['restore', text])).err[0]).toMatch(/cannot be restored: it is not a SQLite database; nothing was changed$/);
    const foreign = join(dataDir, 'foreign.sqlite');
    const other = new SqliteDatabase(foreign);
    other.exec('create table notes (body text)');
    other.close();
    expect((await careers(['restore', foreign])).err[0]).toMatch(/it has no migrations table: not a Careers Portal database; nothing was changed$/);
    expect((await careers(['restore', join(dataDir, 'nothing.sqlite')])).code).toBe(1);
    expect((await careers(['tenant', 'list'])).out).toHaveLength(2);
  });

  it('backup refuses when there is no database yet', async () => {
    expect((await careers(['backup', join(dataDir, 'b.sqlite')])).err[0]).toMatch(/^backup: no database at /);
    expect(existsSync(join(dataDir, 'b.sqlite'))).toBe(false);
  });
});

describe('backup and restore (PostgreSQL)', () => {
  it('print pg_dump / pg_restore guidance naming $DATABASE_URL (never the password) and exit 1', async () => {
    const pgConfig = testConfig(dataDir, { databaseUrl: 'postgres://careers:s3cret@db.internal:5432/careers' });
    const backup = await careers(['backup', 'nightly.dump'], { config: pgConfig });
    expect(backup.code).toBe(1);
    expect(backup.err.join('\n')).toContain('pg_dump --format=custom --no-owner --file="nightly.dump" "$DATABASE_URL"');
    const restore = await careers(['restore', 'nightly.dump'], { config: pgConfig });
    expect(restore.code).toBe(1);
    expect(restore.err.join('\n')).toContain('pg_restore --no-owner --clean --if-exists --dbname="$DATABASE_URL" "nightly.dump"');
    expect([...backup.err, ...restore.err].join('\n')).not.toContain('s3cret');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)('on PostgreSQL', () => {
  it('tenant create, positions import (a re-import unchanged, a bad file nothing) and show, through run()', async () => {
    const test = await createTestDatabase('postgres');
    try {
      const pgConfig = testConfig(test.dataDir, { databaseUrl: test.url });
      const on = { database: test.database, config: pgConfig };
      expect((await careers(['tenant', 'create', '--id', 'acme', '--domain', 'careers.acme.test', '--name', 'Acme Robotics'], on)).code).toBe(0);
      expect((await careers(['tenant', 'create', '--id', 'acme', '--domain', 'x.test', '--name', 'X'], on)).code).toBe(1);
      const first = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'acme', '--json'], on);
      expect(JSON.parse(first.out[0] ?? '')).toMatchObject({ created: 3, unchanged: 0 });
      const again = await careers(['positions', 'import', join(FIXTURES, 'positions.csv'), '--tenant', 'acme', '--json'], on);
      expect(JSON.parse(again.out[0] ?? '')).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
      expect((await careers(['positions', 'import', join(FIXTURES, 'greenhouse-bad.json'), '--tenant', 'acme'], on)).code).toBe(1);
      expect((await careers(['tenant', 'show', 'acme'], on)).out).toContain('positions: 3 open, 0 archived');
    } finally {
      await test.destroy();
    }
  }, 60_000);
});
