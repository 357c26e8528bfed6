import { parseSearchQuery } from '@careers/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { normalisePosition, createSearchIndexWriter, rebuildTenantPostings, VocabularyCounter } from '../../search-engine/search-index.writer';
import { manualClock, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { createSearchRepository, type SearchRepository } from '../search/search.repository';
import { createSearchService, type SearchService } from '../search/search.service';
import { createTenantsRepository } from '../tenants/tenants.repository';
import { createTenantsService, type Tenant } from '../tenants/tenants.service';
import { createPositionBatchService, PositionBatchError, type PositionBatchService } from './position-batch.service';
import { BERLIN, positionInput } from './position-input.test-support';
import type { PositionInput } from './position-rows';
import { CHANGE_MAX_IDS, createPositionsChangeBus, type PositionsChange, type PositionsChangeBus } from './positions-changes';
import { listenForPositionsChanges, type PositionsChangeListenerHandle } from './positions-changes.listener';
import { createPositionsRepository } from './positions.repository';

/**
 * Issue 10: the batch write. One transaction, idempotent, one change per batch, and what it leaves in the
 * index equal to a rebuild — so search finds imported positions as it finds any other.
 */

const LYON = { city: 'Lyon', region: null, country: 'France', lat: 45.764, lng: 4.8357 };

const position = (ref: string, overrides: Partial<PositionInput> = {}): PositionInput =>
  positionInput(ref, { title: `Batch ${ref} engineer`, department: 'Batchworks', description: `Imported in a batch: ${ref} zeppelinwright.`, skills: ['Welding'], ...overrides });

forEachDatabase('position batch write', (context) => {
  let acme: Tenant;
  let globex: Tenant;
  let bus: PositionsChangeBus;
  let batch: PositionBatchService;
  let listener: PositionsChangeListenerHandle | null = null;
  const changes: PositionsChange[] = [];
  let running: { search: SearchService; loads: () => number };

  function searchProcess() {
    const repository = createSearchRepository(context().database.db, context().database.dialect);
    let loads = 0;
    const counting: SearchRepository = { ...repository, loadIndexRows: (tenantId, sink) => ((loads += 1), repository.loadIndexRows(tenantId, sink)) };
    // The clock never moves: only change messages (or a reload they ask for) refresh this process.
    const search = createSearchService({ repository: counting, positions: createPositionsRepository(context().database.db), dialect: context().database.dialect, clock: manualClock() });
    return { search, loads: () => loads };
  }

  async function search(service: SearchService, params: Record<string, string>, tenant = acme) {
    const parsed = parseSearchQuery({ ...params, debug: 'true' });
    if (!parsed.ok) throw new Error(parsed.message);
    return (await service.search({ tenant, query: parsed.value, candidateId: null, withDebug: true })) as unknown as {
      count: number;
      positions: { name: string }[];
      debugData: { indexVersion: string };
    };
  }

  const version = async (tenantId: string) =>
    (await context().database.db.selectFrom('searchIndexVersions').select('version').where('tenantId', '=', tenantId).executeTakeFirst())?.version ?? '';
  const count = async (tenantId: string, open = false) => {
    let query = context().database.db.selectFrom('positions').select((eb) => eb.fn.countAll<number>().as('n')).where('tenantId', '=', tenantId);
    if (open) query = query.where('archivedAt', 'is', null);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  /** Waits until the running process answers at the tenant's current version (PostgreSQL: after LISTEN). */
  async function settled() {
    const wanted = await version(acme.id);
    for (let tries = 0; tries < 300; tries += 1) {
      if ((await search(running.search, {})).debugData.indexVersion === wanted) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`the running process never reached ${wanted}`);
  }

  const QUERIES: Record<string, string>[] = [{}, { query: 'zeppelinwright' }, { query: 'zepelinwright' }, { query: 'batch' }, { filter_department: 'Batchworks' }, { location: 'Lyon' }, { query: 'welding', sort_by: 'newest' }];
  const answers = async (service: SearchService) => Promise.all(QUERIES.map(async (params) => JSON.stringify({ ...(await search(service, params)), debugData: undefined })));

  beforeAll(async () => {
    await seedForTests(context(), 20);
    const tenants = createTenantsService({ repository: createTenantsRepository(context().database.db), clock: systemClock, sanitizer: testHtmlSanitizer });
    acme = (await tenants.resolve(undefined)) as Tenant;
    globex = (await tenants.resolve('globex.example')) as Tenant;
    bus = createPositionsChangeBus((error) => {
      throw error;
    });
    if (context().url) {
      listener = listenForPositionsChanges({ connectionString: context().url as string, bus, log: pino({ level: 'silent' }) as FastifyBaseLogger });
      await listener.ready();
    }
    bus.subscribe((change) => changes.push(change));
    running = searchProcess();
    bus.subscribe((change) => running.search.applyChange(change));
    await search(running.search, {});
    batch = createPositionBatchService({ database: context().database, bus, clock: systemClock });
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
  });

  it('creates a batch in one change, and the same batch again changes nothing: no version, no message', async () => {
    const before = await count(acme.id);
    const inputs = [position('B-1'), position('B-2', { locations: [LYON, BERLIN], isRemote: true }), position('B-3')];
    const first = await batch.upsertPositions(acme.id, inputs);
    expect(first).toMatchObject({ created: 3, updated: 0, unchanged: 0, archived: 0, dryRun: false });
    expect(first.ids).toHaveLength(3);
    expect(await count(acme.id)).toBe(before + 3);
    await settled();
    expect(changes.at(-1)).toMatchObject({ tenantId: acme.id, kind: 'batch', ids: [...first.ids].sort((a, b) => (a ?? 0) - (b ?? 0)) });
    const messages = changes.length;
    const versionAfter = await version(acme.id);

    const again = await batch.upsertPositions(acme.id, inputs);
    expect(again).toEqual({ created: 0, updated: 0, unchanged: 3, archived: 0, ids: first.ids, dryRun: false });
    expect(await version(acme.id)).toBe(versionAfter);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes.length).toBe(messages);

    // Search finds them, through the running process patched in memory, as a fresh process does.
    expect((await search(running.search, { query: 'zeppelinwright' })).count).toBe(3);
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));
    expect(running.loads()).toBe(1);
  });

  it('updates what changed (text, places, a reopened archive) and leaves the index as a rebuild would', async () => {
    const ids = (await batch.upsertPositions(acme.id, [position('B-1'), position('B-2', { locations: [LYON, BERLIN], isRemote: true }), position('B-3')])).ids;
    await context().database.db.updateTable('positions').set({ archivedAt: '2025-02-20T00:00:00.000Z' }).where('id', '=', ids[2] as number).execute();
    const result = await batch.upsertPositions(acme.id, [
      position('B-1', { title: 'Batch airship captain', description: 'No longer about the old word.' }),
      position('B-2', { locations: [BERLIN] }),
      position('B-3'),
    ]);
    expect(result).toMatchObject({ created: 0, updated: 3, unchanged: 0, ids });
    const rows = await context().database.db.selectFrom('positions').select(['id', 'title', 'archivedAt', 'isRemote']).where('id', 'in', ids as number[]).orderBy('id').execute();
    expect(rows.map((row) => [row.title, row.archivedAt, row.isRemote])).toEqual([
      ['Batch airship captain', null, 0],
      ['Batch B-2 engineer', null, 0],
      ['Batch B-3 engineer', null, 0],
    ]);
    await settled();
    expect((await search(running.search, { query: 'airship' })).positions.map((found) => found.name)).toEqual(['Batch airship captain']);
    const fresh = await answers(searchProcess().search);
    expect(await answers(running.search)).toEqual(fresh);

    // Postings and vocabulary rebuilt from every row answer the same: the batch's index writes equal a rebuild.
    const { database } = context();
    await database.db.transaction().execute(async (trx) => {
      await rebuildTenantPostings(trx, database.dialect, acme.id);
      const vocabulary = new VocabularyCounter();
      const all = await trx.selectFrom('positions').select(['title', 'skills', 'department', 'description']).where('tenantId', '=', acme.id).orderBy('id').execute();
      for (const row of all) vocabulary.add(acme.id, normalisePosition({ ...row, skills: JSON.parse(row.skills) as string[] }));
      await createSearchIndexWriter(database.dialect).writeVocabulary(trx, acme.id, vocabulary);
    });
    expect(await answers(searchProcess().search)).toEqual(fresh);
  });

  it('stores text exactly as given (quotes, backslashes, braces, commas, NULL-like words, accents) and finds it unchanged after', async () => {
    const awkward = position('AWK-1', {
      title: 'Quote " back\\slash {brace}, comma NULL',
      description: 'Line one\n\n- "item", {x}\\y\nÉtoile – 🤖',
      skills: ['C#', 'a,b', '{}', 'NULL'],
      salaryCurrency: 'EUR',
      salaryMin: 0,
      salaryMax: 2147483647,
      locations: [{ ...LYON, city: "L'Isle-d'Abeau", region: null }],
    });
    const first = await batch.upsertPositions(acme.id, [awkward]);
    const row = await context().database.db.selectFrom('positions').selectAll().where('id', '=', first.ids[0] as number).executeTakeFirstOrThrow();
    expect({ title: row.title, description: row.description, skills: JSON.parse(row.skills) as unknown, min: row.salaryMin, max: row.salaryMax, region: row.region }).toEqual({
      title: awkward.title,
      description: awkward.description,
      skills: awkward.skills,
      min: 0,
      max: 2147483647,
      region: '',
    });
    const place = await context().database.db.selectFrom('positionLocations').select(['city', 'region']).where('positionId', '=', first.ids[0] as number).executeTakeFirstOrThrow();
    expect(place).toEqual({ city: "L'Isle-d'Abeau", region: null });
    expect(await batch.upsertPositions(acme.id, [awkward])).toMatchObject({ unchanged: 1, updated: 0 });
    const changed = await batch.upsertPositions(acme.id, [{ ...awkward, title: 'Plain' }]);
    expect(changed).toMatchObject({ updated: 1 });
    expect((await context().database.db.selectFrom('positions').select('title').where('id', '=', first.ids[0] as number).executeTakeFirstOrThrow()).title).toBe('Plain');
    await settled();
  });

  it('a dry run reports the diff and writes nothing', async () => {
    const before = { rows: await count(acme.id), version: await version(acme.id), messages: changes.length };
    const result = await batch.upsertPositions(acme.id, [position('B-1', { title: 'Batch airship captain', description: 'No longer about the old word.' }), position('B-2', { title: 'Renamed' }), position('DRY-1')], {
      dryRun: true,
      archiveMissing: true,
    });
    expect(result.dryRun).toBe(true);
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(result.archived).toBe((await count(acme.id, true)) - 2);
    expect(result.ids[2]).toBeNull();
    expect({ rows: await count(acme.id), version: await version(acme.id), messages: changes.length }).toEqual(before);
    expect(await count(acme.id, true)).toBeGreaterThan(3);
  });

  it('a bad record or a duplicate reference applies nothing and names every problem', async () => {
    const before = { rows: await count(acme.id), version: await version(acme.id) };
    const bad = [position('OK-1'), { ...position('BAD-1'), title: '' }, position('OK-1', { title: 'Twin' }), { externalRef: 'BAD-2' }];
    const error = await batch.upsertPositions(acme.id, bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PositionBatchError);
    const problems = (error as PositionBatchError).problems;
    expect(problems).toContainEqual({ record: 2, field: 'title', message: expect.stringContaining('>=1') as string });
    expect(problems).toContainEqual({ record: 3, field: 'externalRef', message: '"OK-1" is also record 1' });
    expect(problems.filter((problem) => problem.record === 4).map((problem) => problem.field)).toContain('title');
    expect((error as PositionBatchError).statusCode).toBe(400);
    expect({ rows: await count(acme.id), version: await version(acme.id) }).toEqual(before);
  });

  it('archive-missing archives the tenant’s other open positions, never another tenant’s; search drops them', async () => {
    const globexOpen = await count(globex.id, true);
    await batch.upsertPositions(globex.id, [position('B-1', { title: 'Globex twin of B-1' })]);
    const result = await batch.upsertPositions(acme.id, [position('B-1', { title: 'Batch airship captain', description: 'No longer about the old word.' }), position('B-2', { locations: [BERLIN] })], { archiveMissing: true });
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(result.archived).toBeGreaterThan(10);
    expect(await count(acme.id, true)).toBe(2);
    expect(await count(globex.id, true)).toBe(globexOpen + 1);
    const twin = await context().database.db.selectFrom('positions').select(['title']).where('tenantId', '=', globex.id).where('externalRef', '=', 'B-1').executeTakeFirstOrThrow();
    expect(twin.title).toBe('Globex twin of B-1');
    await settled();
    expect((await search(running.search, {})).count).toBe(2);
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));
  });

  it(`more than ${CHANGE_MAX_IDS} changes: one message asking for a reload, and search answers as a fresh process`, async () => {
    const loads = running.loads();
    const many = Array.from({ length: CHANGE_MAX_IDS + 20 }, (_, index) =>
      position(`MANY-${index}`, { title: `Fleet ${index % 7} pilot`, description: `zeppelinwright ${index % 3 === 0 ? 'aurora' : 'borealis'}`, locations: [index % 2 === 0 ? BERLIN : LYON] }),
    );
    const result = await batch.upsertPositions(acme.id, many);
    expect(result.created).toBe(CHANGE_MAX_IDS + 20);
    await settled();
    expect(changes.at(-1)).toMatchObject({ kind: 'batch', ids: [], reload: true });
    expect(running.loads()).toBe(loads + 1);
    expect((await search(running.search, { query: 'aurora' })).count).toBe(Math.ceil((CHANGE_MAX_IDS + 20) / 3));
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));

    // Rewording more than the rebuild threshold goes through a postings rebuild: still found by the new words only.
    const reworded = await batch.upsertPositions(acme.id, many.map((input) => ({ ...input, description: 'quasarsmith' })));
    expect(reworded.updated).toBe(CHANGE_MAX_IDS + 20);
    await settled();
    expect((await search(running.search, { query: 'aurora' })).count).toBe(0);
    expect((await search(running.search, { query: 'quasarsmith' })).count).toBe(CHANGE_MAX_IDS + 20);
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));
    // The typo vocabulary counts as a full count would: the dropped words gone, the new one on every variant row.
    const vocabulary = async (term: string) =>
      (await context().database.db.selectFrom('searchTermDeletes').select(['variant', 'documents']).where('tenantId', '=', acme.id).where('term', '=', term).execute()).map((row) => row.documents);
    expect(await vocabulary('aurora')).toEqual([]);
    expect(await vocabulary('borealis')).toEqual([]);
    expect(new Set(await vocabulary('quasarsmith'))).toEqual(new Set([CHANGE_MAX_IDS + 20]));
    expect((await vocabulary('quasarsmith')).length).toBeGreaterThan(5);
  }, 60_000);
});
