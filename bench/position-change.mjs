// Issue 8 §2 / QUALITY P12: how fast a change of a position reaches every process.
//
// 1. Two built servers (apps/server/dist/main.js) on one fresh PostgreSQL database (BENCH_DATABASE_URL)
//    and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379): a position is updated 20 times through
//    the write path (positions upsertPosition, run here, NOTIFY at commit) with a new word in its title;
//    the time until a search on the *other* process finds it (polled every 5 ms): median and p95.
// 2. At 100k positions (SQLite, seeded by dist/seed.js in the same run): applying one changed position to
//    the tenant's in-memory index (its rows read + search-index.patch.ts) against a full tenant load
//    (every row read + built), 20 of each, median and p95. The patch alone (rows already read) is timed
//    against the previous patch, which replayed every position through SearchIndexBuilder (kept below as
//    replayPatch), on the same index and rows in the same round: the before/after of issue 8 §2's
//    "without rebuilding the tenant's index".
//
// Run (needs the server bundle: npm run build -w @careers/server; tsx loads the write path's TypeScript):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/position-change.mjs
// BENCH_PORTS="a,b" picks the two ports (default 3220,3221); BENCH_POSITIONS the size of part 2 (100000);
// BENCH_FULL_ROUNDS the number of full loads timed (20).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root, waitFor, withPostgresDatabase, stopServer } from './lib.mjs';

const server = join(root, 'apps/server');
const src = (path) => join(server, 'src', path);
const { openPostgres, openSqlite } = await import(src('db/database.ts'));
const { createPositionWritesService } = await import(src('modules/positions/position-writes.service.ts'));
const { createPositionsChangeBus } = await import(src('modules/positions/positions-changes.ts'));
const { createSearchRepository } = await import(src('modules/search/search.repository.ts'));
const { SearchIndexBuilder } = await import(src('search-engine/search-index.ts'));
const { patchSearchIndex } = await import(src('search-engine/search-index.patch.ts'));
const { systemClock } = await import(src('clock.ts'));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const summary = (values) => `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
const ROUNDS = 20;
const FULL_ROUNDS = Number(process.env.BENCH_FULL_ROUNDS ?? ROUNDS);

/**
 * The patch as it was before issue 8 §2's O(changed) patch: every unchanged position read back out of the
 * typed arrays as a row and the whole tenant fed through SearchIndexBuilder again (the "before" figure).
 */
function replayPatch(index, version, change) {
  const changed = new Set(change.ids);
  const column = (key) => {
    const { single, values } = index.facets.get(key);
    return (at) => values[single[at]];
  };
  const [department, employmentType, seniority] = ['department', 'employment_type', 'seniority'].map(column);
  const builder = new SearchIndexBuilder(version);
  let positions = [];
  let places = [];
  const flush = () => {
    builder.addPositions(positions);
    builder.addPlaces(places);
    positions = [];
    places = [];
  };
  const fresh = [...change.positions].sort((a, b) => a.id - b.id);
  const fromChange = (row) => {
    positions.push(row);
    for (const place of change.places) if (place.positionId === row.id) places.push(place);
  };
  let next = 0;
  for (let at = 0; at < index.size; at += 1) {
    const id = index.ids[at];
    while (next < fresh.length && fresh[next].id < id) fromChange(fresh[next++]);
    if (!changed.has(id)) {
      positions.push({ id, department: department(at), employmentType: employmentType(at), seniority: seniority(at), isRemote: index.isRemote[at], postedAt: new Date(index.postedAt[at]).toISOString() });
      for (let item = index.placeOffsets[at]; item < index.placeOffsets[at + 1]; item += 1) {
        const place = index.places[index.placeItems[item]];
        places.push({ positionId: id, city: place.city, region: place.region, country: place.country, lat: place.lat, lng: place.lng });
      }
    }
    if (positions.length >= 10_000) flush();
  }
  while (next < fresh.length) fromChange(fresh[next++]);
  flush();
  return builder.build();
}

function position(ref, title, day = 10) {
  return {
    externalRef: ref,
    title,
    department: 'Engineering',
    employmentType: 'FULL_TIME',
    seniority: 'senior',
    description: 'Builds and tests orbital robots with the firmware team.',
    skills: ['C++', 'Rust'],
    isRemote: false,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    postedAt: new Date(Date.UTC(2025, 1, day)).toISOString(),
    validThrough: null,
    locations: [{ city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 }],
  };
}

/** A word search has never seen: letters only, so it is one token. */
const freshWord = () => `zq${randomBytes(5).toString('hex').replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)])}`;

async function acrossProcesses() {
  return withPostgresDatabase('bench_change', async (url) => {
    const ports = (process.env.BENCH_PORTS ?? '3220,3221').split(',').map(Number);
    const env = {
      ...process.env,
      DATABASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}:`,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    };
    const dirs = ports.map(() => mkdtempSync(join(tmpdir(), 'bench-change-')));
    const children = ports.map((port, at) =>
      spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dirs[at] } }),
    );
    const database = openPostgres(url);
    try {
      // Both start together on the empty database: one seeds the demo under the start lock, the other waits.
      await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 300_000, intervalMs: 100 })));
      const [writer, reader] = ports.map((port) => `http://127.0.0.1:${port}`);
      const tenant = await database.db.selectFrom('tenants').select('id').where('domain', '=', 'acme.example').executeTakeFirstOrThrow();
      const writes = createPositionWritesService({ database, bus: createPositionsChangeBus(), clock: systemClock });
      // Both processes hold the tenant's index before the first change.
      for (const base of [writer, reader]) await fetch(`${base}/api/pcsx/search?query=engineer`).then((response) => response.arrayBuffer());
      const seen = [];
      const writeMs = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const word = freshWord();
        const started = performance.now();
        const written = await writes.upsertPosition(tenant.id, position('bench-change', `Orbital ${word} Engineer`));
        writeMs.push(performance.now() - started);
        for (;;) {
          const body = await fetch(`${reader}/api/pcsx/search?query=${word}`).then((response) => response.json());
          if (body.positions?.some((found) => found.id === written.id)) break;
          if (performance.now() - started > 10_000) throw new Error('the change was not seen within 10 s');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        seen.push(performance.now() - started);
      }
      return { seen, writeMs };
    } finally {
      await database.close();
      await Promise.all(children.map((child) => stopServer(child)));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
}

async function atScale(positions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-change-100k-'));
  try {
    const seedStarted = performance.now();
    execFileSync(process.execPath, ['apps/server/dist/seed.js', '--positions', String(positions)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    const seedMs = performance.now() - seedStarted;
    const database = openSqlite(join(dataDir, 'careers.sqlite'));
    try {
      const tenant = await database.db.selectFrom('tenants').select('id').where('domain', '=', 'acme.example').executeTakeFirstOrThrow();
      const repository = createSearchRepository(database.db, database.dialect);
      const fullLoad = async () => {
        const builder = new SearchIndexBuilder('bench');
        await repository.loadIndexRows(tenant.id, builder);
        return builder.build();
      };
      let index = await fullLoad();
      const full = [];
      for (let round = 0; round < FULL_ROUNDS; round += 1) {
        const started = performance.now();
        index = await fullLoad();
        full.push(performance.now() - started);
      }
      const writes = createPositionWritesService({ database, bus: createPositionsChangeBus(), clock: systemClock });
      const ids = (await database.db.selectFrom('positions').select(['id', 'externalRef']).where('tenantId', '=', tenant.id).where('archivedAt', 'is', null).orderBy('id').limit(ROUNDS).execute());
      const patch = [];
      const patchOnly = [];
      const replayOnly = [];
      const write = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const target = ids[round];
        const writeStarted = performance.now();
        await writes.upsertPosition(tenant.id, { ...position(target.externalRef, `Orbital ${freshWord()} Engineer`, 1 + (round % 28)) });
        write.push(performance.now() - writeStarted);
        const started = performance.now();
        const change = await repository.loadChangedRows(tenant.id, [target.id]);
        const readAt = performance.now();
        const patched = patchSearchIndex(index, `bench-${round}`, change);
        if (patched === null) throw new Error('the seeded data spells a facet value two ways: the patch would reload');
        const patchedAt = performance.now();
        patch.push(patchedAt - started);
        patchOnly.push(patchedAt - readAt);
        const replayStarted = performance.now();
        const replayed = replayPatch(index, `bench-${round}`, change);
        replayOnly.push(performance.now() - replayStarted);
        if (replayed.size !== patched.size || replayed.newestOrder.some((position, rank) => patched.newestOrder[rank] !== position)) throw new Error('the patch and the replay disagree');
        index = patched;
      }
      return { size: index.size, seedMs, full, patch, patchOnly, replayOnly, write };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`host: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
if (process.env.BENCH_DATABASE_URL) {
  const { seen, writeMs } = await acrossProcesses();
  console.log(`P12 across two processes (PostgreSQL, demo size): update → found by search on the other process: ${summary(seen)} (the write itself: ${summary(writeMs)})`);
} else {
  console.log('BENCH_DATABASE_URL unset: the two-process part is skipped');
}
const scale = await atScale(Number(process.env.BENCH_POSITIONS ?? 100_000));
console.log(`at ${scale.size} open positions (SQLite; seeded in ${(scale.seedMs / 1000).toFixed(1)} s):`);
console.log(`  full tenant load (rows + build): ${summary(scale.full)}`);
console.log(`  incremental apply of one changed position (its rows + patch): ${summary(scale.patch)}`);
console.log(`  the patch alone (rows in hand): ${summary(scale.patchOnly)}; before (replay through SearchIndexBuilder), same rounds: ${summary(scale.replayOnly)}`);
console.log(`  the write path (row, places, postings, vocabulary, version): ${summary(scale.write)}`);
console.log(`host after: load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
