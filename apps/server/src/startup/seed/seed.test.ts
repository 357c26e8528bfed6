import { TenantConfigSchema, tenantCustomHtml } from '@careers/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REFERENCE_DATE, TEST_SEED_OPTIONS } from '../../test/app';
import { createTestDatabase, forEachDatabase, type TestDatabase } from '../../test/databases';
import type { Database } from '../../db/database';
import { sql } from 'kysely';
import { createSearchIndexWriter, VocabularyCounter } from '../../search-engine/search-index.writer';
import { readSanitizedHtml } from '../../modules/tenants/tenant-html';
import { CITIES } from './cities';
import { generatePositions, insertPositions } from './positions';
import { SeededRandom } from './random';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './seed';

const POSITIONS = 400;

async function dump(database: Database): Promise<string> {
  const { db } = database;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('tenants').selectAll().orderBy('id').execute(),
      db.selectFrom('candidates').selectAll().orderBy('id').execute(),
      db.selectFrom('positions').selectAll().orderBy('id').execute(),
    ]),
  );
}

describe('demo seed on SQLite', () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase('sqlite'), createTestDatabase('sqlite')]);
  });
  afterAll(async () => {
    await Promise.all([first.destroy(), second.destroy()]);
  });

  // Two whole seeds: seconds on a quiet host, more on a loaded one.
  it('is deterministic: two seeds give identical rows', { timeout: 90_000 }, async () => {
    const options = { ...TEST_SEED_OPTIONS, positions: POSITIONS };
    expect(await isDatabaseEmpty(first.database)).toBe(true);
    await seedDemo(first.database, options);
    await seedDemo(second.database, options);
    expect(await isDatabaseEmpty(first.database)).toBe(false);
    expect(await dump(first.database)).toBe(await dump(second.database));
  });

  it('reset empties the tables and restarts position ids', { timeout: 90_000 }, async () => {
    await resetDatabase(second.database);
    expect(await isDatabaseEmpty(second.database)).toBe(true);
    await seedDemo(second.database, { ...TEST_SEED_OPTIONS, positions: POSITIONS });
    expect(await dump(second.database)).toBe(await dump(first.database));
  });

  it('fills a realistic site', async () => {
    const { db } = first.database;
    const tenants = await db.selectFrom('tenants').selectAll().orderBy('domain').execute();
    expect(tenants.map((tenant) => [tenant.domain, tenant.isDefault])).toEqual([
      ['acme.example', 1],
      ['globex.example', 0],
    ]);
    for (const tenant of tenants) {
      const config = TenantConfigSchema.parse(JSON.parse(tenant.config));
      // Its tenant HTML is stored sanitized, for the server renderer.
      expect([...readSanitizedHtml(tenant.sanitizedHtml).keys()]).toEqual(tenantCustomHtml(config));
    }
    expect([...readSanitizedHtml(tenants[0]?.sanitizedHtml ?? null).values()][1]).toMatch(/^<strong>Hiring event:<\/strong> meet our robotics teams/);
    const acme = tenants[0]?.id ?? '';
    const positions = await db.selectFrom('positions').selectAll().where('tenantId', '=', acme).execute();
    expect(positions).toHaveLength(POSITIONS);
    const remoteShare = positions.filter((position) => position.isRemote === 1).length / POSITIONS;
    expect(remoteShare).toBeGreaterThan(0.08);
    expect(remoteShare).toBeLessThan(0.22);
    const archived = positions.filter((position) => position.archivedAt !== null).length;
    expect(archived).toBeGreaterThan(0);
    expect(archived / POSITIONS).toBeLessThan(0.08);
    expect(new Set(positions.map((position) => position.department)).size).toBeGreaterThanOrEqual(10);
    for (const position of positions.slice(0, 50)) {
      expect(position.description.split('\n\n').length).toBeGreaterThanOrEqual(4);
      expect(JSON.parse(position.skills)).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(Date.parse(position.postedAt)).toBeLessThanOrEqual(TEST_REFERENCE_DATE.getTime());
    }
    expect(CITIES.length).toBeGreaterThanOrEqual(50);
    const candidates = await db.selectFrom('candidates').select(['email', 'isAdmin', 'isOnboarded']).orderBy('email').execute();
    expect(candidates.map((candidate) => candidate.email)).toEqual([
      'ada@acme.example',
      'admin@acme.example',
      'grace@acme.example',
      'hank@globex.example',
    ]);
  });

  it('inserts thousands of positions quickly', async () => {
    const target = await createTestDatabase('sqlite');
    try {
      const summary = await seedDemo(target.database, { ...TEST_SEED_OPTIONS, positions: 10_000 });
      expect(summary.positions).toBe(10_040);
      console.info(`seed: ${summary.positions} positions in ${summary.ms} ms (${Math.round(summary.positions / (summary.ms / 1000))}/s)`);
    } finally {
      await target.destroy();
    }
  });
});

describe('the SQLite bulk import path (P9)', () => {
  /** Positions through insertPositions, with the raw connection (bulk path) or without (Kysely, as on PostgreSQL). */
  async function importInto(target: TestDatabase, bulk: boolean) {
    const { db } = target.database;
    await db.insertInto('tenants').values({ id: 't1', domain: 't1.example', isDefault: 1, companyName: 'Acme Robotics', config: '{}', createdAt: TEST_REFERENCE_DATE.toISOString() }).execute();
    const vocabulary = new VocabularyCounter();
    const generated = generatePositions(new SeededRandom(5), { tenantId: 't1', companyName: 'Acme Robotics', refPrefix: 'B', count: 1200, referenceDate: TEST_REFERENCE_DATE });
    const count = await insertPositions({ db, searchIndex: createSearchIndexWriter('sqlite'), vocabulary, sqlite: bulk ? target.database.sqlite : undefined }, generated);
    return { count, vocabulary: vocabulary.entries('t1').sort(([a], [b]) => (a < b ? -1 : 1)) };
  }

  /** Rows, places, and the word postings (ids and impacts as hex). */
  async function contents(target: TestDatabase): Promise<string> {
    const { db } = target.database;
    const postings = await sql<{ field: number; word: string; lastid: number; ids: Uint8Array; impacts: Uint8Array }>`
      select field, word, last_id as lastid, ids, impacts from position_search_terms order by field, word, last_id`.execute(db);
    return JSON.stringify([
      await db.selectFrom('positions').selectAll().orderBy('id').execute(),
      await db.selectFrom('positionLocations').selectAll().orderBy('positionId').orderBy('ordinal').execute(),
      postings.rows.map((row) => [row.field, row.word, row.lastid, Buffer.from(row.ids).toString('hex'), Buffer.from(row.impacts).toString('hex')]),
    ]);
  }

  it('writes exactly the rows, places, postings and vocabulary of the portable path', async () => {
    const [bulk, portable] = await Promise.all([createTestDatabase('sqlite'), createTestDatabase('sqlite')]);
    try {
      const bulkImport = await importInto(bulk, true);
      const portableImport = await importInto(portable, false);
      expect(bulkImport.count).toBe(1200);
      expect(bulkImport).toEqual(portableImport);
      const written = await contents(bulk);
      expect(written).toBe(await contents(portable));
      expect(written.length).toBeGreaterThan(100_000);
    } finally {
      await Promise.all([bulk.destroy(), portable.destroy()]);
    }
  });
});

forEachDatabase('demo seed matches across dialects', (context) => {
  it('gives the same rows as SQLite', async () => {
    const reference = await createTestDatabase('sqlite');
    try {
      const options = { ...TEST_SEED_OPTIONS, positions: 100 };
      await seedDemo(reference.database, options);
      await seedDemo(context().database, options);
      expect(await dump(context().database)).toBe(await dump(reference.database));
    } finally {
      await reference.destroy();
    }
  });
});
