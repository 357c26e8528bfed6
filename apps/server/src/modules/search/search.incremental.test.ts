import { parseSearchQuery } from '@careers/contracts';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import type { FastifyBaseLogger } from 'fastify';
import { seedForTests, manualClock } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createPositionWritesService, type PositionInput } from '../positions/position-writes.service';
import { createPositionsChangeBus, type PositionsChangeBus } from '../positions/positions-changes';
import { listenForPositionsChanges, type PositionsChangeListenerHandle } from '../positions/positions-changes.listener';
import { createPositionsRepository } from '../positions/positions.repository';
import { createPositionsService, type PositionsService } from '../positions/positions.service';
import { createTenantsRepository } from '../tenants/tenants.repository';
import { createTenantsService } from '../tenants/tenants.service';
import type { Tenant } from '../tenants/tenants.service';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { createSearchIndexWriter, rebuildTenantPostings, VocabularyCounter, normalisePosition } from '../../search-engine/search-index.writer';
import { createSearchRepository, type SearchRepository } from './search.repository';
import { createSearchService, type SearchService } from './search.service';

/**
 * Issue 8 §2: a change of positions made through the write path is applied to a running process's index
 * and job-detail cache in memory, and the result must answer exactly as a process that loads everything
 * afresh — and, after the tenant's postings and vocabulary are rebuilt from scratch, still the same
 * (the per-position postings update equals a rebuild). Random creates, edits and archives, then a set
 * of searches compared answer for answer.
 */

const DEPARTMENTS = ['Engineering', 'Hardware', 'Sales', 'Design', 'Quantum Optics'];
const TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACT'];
const SENIORITIES = ['entry', 'mid', 'senior'];
const WORDS = ['robot', 'engineer', 'manager', 'welding', 'zephyrine', 'quasar', 'lattice', 'sales', 'designer', 'firmware'];
const PLACES = [
  { city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 },
  { city: 'Berlin', region: null, country: 'Germany', lat: 52.52, lng: 13.4 },
  { city: 'Atlantica', region: 'ZZ', country: 'Neverland', lat: 10.5, lng: 20.25 },
  { city: 'Leeds', region: 'England', country: 'United Kingdom', lat: 53.8, lng: -1.55 },
];
const SEARCHES: Record<string, string | string[]>[] = [
  {},
  { query: 'engineer' },
  { query: 'zephyrine' },
  { query: 'zephyrin' },
  { query: 'quasr' },
  { query: 'robot welding' },
  { query: 'lattice', sort_by: 'newest' },
  { location: 'Boston' },
  { location: 'Neverland' },
  { location: 'remote' },
  { filter_department: 'Quantum Optics' },
  { filter_department: ['Sales', 'Design'], filter_employment_type: 'CONTRACT' },
  { query: 'firmware', filter_seniority: 'senior', start: '10' },
  { sort_by: 'newest', start: '20' },
];

const positionArbitrary = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  description: fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 12 }).map((words) => words.join(' ')),
  department: fc.constantFrom(...DEPARTMENTS),
  employmentType: fc.constantFrom(...TYPES),
  seniority: fc.constantFrom(...SENIORITIES),
  isRemote: fc.boolean(),
  skills: fc.subarray(['C++', 'Rust', 'CAD', 'Negotiation']),
  day: fc.integer({ min: 1, max: 28 }),
  places: fc.subarray(PLACES, { minLength: 1, maxLength: 3 }),
});

const changeArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), position: positionArbitrary }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), position: positionArbitrary }),
  fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }),
);

type GeneratedPosition = typeof positionArbitrary extends fc.Arbitrary<infer T> ? T : never;

function inputOf(ref: string, position: GeneratedPosition): PositionInput {
  return {
    externalRef: ref,
    title: position.title,
    department: position.department,
    employmentType: position.employmentType,
    seniority: position.seniority,
    description: position.description,
    skills: position.skills,
    isRemote: position.isRemote,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    postedAt: `2025-02-${String(position.day).padStart(2, '0')}T09:00:00.000Z`,
    validThrough: null,
    locations: position.places,
  };
}

forEachDatabase('incremental index changes equal a rebuild', (context) => {
  let tenant: Tenant;
  let bus: PositionsChangeBus;
  let listener: PositionsChangeListenerHandle | null = null;
  let running: { search: SearchService; positions: PositionsService; loads: () => number };
  let refs: string[] = [];

  /** A process's search over the database; the clock never moves, so only change messages refresh it. */
  function searchProcess(): { search: SearchService; loads: () => number } {
    const repository = createSearchRepository(context().database.db, context().database.dialect);
    let loads = 0;
    const counting: SearchRepository = {
      ...repository,
      loadIndexRows: (tenantId, sink) => {
        loads += 1;
        return repository.loadIndexRows(tenantId, sink);
      },
    };
    const search = createSearchService({ repository: counting, positions: createPositionsRepository(context().database.db), dialect: context().database.dialect, clock: manualClock() });
    return { search, loads: () => loads };
  }

  async function answers(search: SearchService): Promise<string[]> {
    const out: string[] = [];
    for (const params of SEARCHES) {
      const parsed = parseSearchQuery(params);
      if (!parsed.ok) throw new Error(parsed.message);
      out.push(JSON.stringify(await search.search({ tenant, query: parsed.value, candidateId: null, withDebug: false })));
    }
    return out;
  }

  beforeAll(async () => {
    await seedForTests(context(), 40);
    const tenants = createTenantsService({ repository: createTenantsRepository(context().database.db), clock: systemClock, sanitizer: testHtmlSanitizer });
    tenant = (await tenants.resolve(undefined)) as Tenant;
    bus = createPositionsChangeBus((error) => {
      throw error;
    });
    if (context().url) {
      listener = listenForPositionsChanges({ connectionString: context().url as string, bus, log: pino({ level: 'silent' }) as FastifyBaseLogger });
      await listener.ready();
    }
    const process = searchProcess();
    const positions = createPositionsService({ repository: createPositionsRepository(context().database.db), clock: manualClock() });
    bus.subscribe((change) => process.search.applyChange(change));
    bus.subscribe((change) => positions.applyChange(change));
    running = { search: process.search, positions, loads: process.loads };
    await answers(running.search);
    const rows = await context().database.db.selectFrom('positions').select('externalRef').where('tenantId', '=', tenant.id).where('archivedAt', 'is', null).execute();
    refs = rows.map((row) => row.externalRef);
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
  });

  it('random creates, edits and archives: the running process answers as a fresh one and as rebuilt postings', async () => {
    const writes = createPositionWritesService({ database: context().database, bus, clock: systemClock });
    let created = 0;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(changeArbitrary, { minLength: 1, maxLength: 8 }), async (changes) => {
        runs += 1;
        const touched: number[] = [];
        let expectedVersion = '';
        for (const change of changes) {
          let write;
          if (change.kind === 'create') {
            created += 1;
            const ref = `patch-test-${created}`;
            refs.push(ref);
            write = await writes.upsertPosition(tenant.id, inputOf(ref, change.position));
          } else if (refs.length === 0) {
            continue;
          } else if (change.kind === 'update') {
            write = await writes.upsertPosition(tenant.id, inputOf(refs[change.pick % refs.length] as string, change.position));
          } else {
            const [ref] = refs.splice(change.pick % refs.length, 1);
            const row = await context().database.db.selectFrom('positions').select('id').where('tenantId', '=', tenant.id).where('externalRef', '=', ref as string).executeTakeFirstOrThrow();
            write = await writes.archivePosition(tenant.id, row.id);
          }
          touched.push(write.id);
          expectedVersion = write.version;
        }
        if (expectedVersion === '') return;
        // PostgreSQL: the messages come back over LISTEN; wait until the last one was applied.
        for (let tries = 0; tries < 200; tries += 1) {
          const parsed = parseSearchQuery({ debug: 'true' });
          if (!parsed.ok) throw new Error(parsed.message);
          const body = (await running.search.search({ tenant, query: parsed.value, candidateId: null, withDebug: true })) as { debugData?: { indexVersion?: string } };
          if (body.debugData?.indexVersion === expectedVersion) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }

        const incremental = await answers(running.search);
        const fresh = await answers(searchProcess().search);
        expect(incremental).toEqual(fresh);
        // Job details: the running process's cache holds each changed position as it is now.
        const repository = createPositionsRepository(context().database.db);
        for (const id of touched) expect(await running.positions.findForPage(tenant, id)).toEqual(await repository.findById(tenant.id, id));

        // The tenant's postings and vocabulary rebuilt from every row, as a full index would make them.
        const { database } = context();
        await database.db.transaction().execute(async (trx) => {
          await rebuildTenantPostings(trx, database.dialect, tenant.id);
          const vocabulary = new VocabularyCounter();
          const rows = await trx.selectFrom('positions').select(['title', 'skills', 'department', 'description']).where('tenantId', '=', tenant.id).orderBy('id').execute();
          for (const row of rows) vocabulary.add(tenant.id, normalisePosition({ ...row, skills: JSON.parse(row.skills) as string[] }));
          await createSearchIndexWriter(database.dialect).writeVocabulary(trx, tenant.id, vocabulary);
        });
        expect(await answers(searchProcess().search)).toEqual(fresh);
      }),
      { numRuns: 20 },
    );
    expect(runs).toBe(20);
    // Every change was applied in memory: the running process loaded the tenant once, at the start.
    expect(running.loads()).toBe(1);
  }, 240_000);

  it('a value spelled two ways: a create is still patched, an edit loads the tenant, and both answer as a fresh process', async () => {
    const writes = createPositionWritesService({ database: context().database, bus, clock: systemClock });
    const loadsBefore = running.loads();
    const position: GeneratedPosition = { title: 'quasar welding', description: 'lattice', department: 'SALES', employmentType: 'CONTRACT', seniority: 'senior', isRemote: false, skills: [], day: 27, places: [PLACES[0] as GeneratedPosition['places'][number]] };
    const waitFor = async (version: string) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const parsed = parseSearchQuery({ debug: 'true' });
        if (!parsed.ok) throw new Error(parsed.message);
        const body = (await running.search.search({ tenant, query: parsed.value, candidateId: null, withDebug: true })) as { debugData?: { indexVersion?: string } };
        if (body.debugData?.indexVersion === version) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`version ${version} was never applied`);
    };
    await waitFor((await writes.upsertPosition(tenant.id, inputOf('spelled-once', { ...position, department: 'Sales' }))).version);
    // "SALES" beside "Sales": the column now spells one value two ways; a create is still patched.
    await waitFor((await writes.upsertPosition(tenant.id, inputOf('spelled-twice', position))).version);
    expect(running.loads()).toBe(loadsBefore);
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));
    // An edit cannot be patched exactly (search-index.patch.ts): the running process loads the tenant.
    await waitFor((await writes.upsertPosition(tenant.id, inputOf('spelled-twice', { ...position, title: 'zephyrine quasar' }))).version);
    expect(running.loads()).toBe(loadsBefore + 1);
    expect(await answers(running.search)).toEqual(await answers(searchProcess().search));
  }, 60_000);
});
