#!/usr/bin/env node
// P3/P4 cold path, A/B in one run: the first search of each query by a freshly started server (caches
// empty, index built), for this checkout's server and optionally another build on the SAME database,
// alternating, several rounds — so a shared, noisy machine affects both alike. Medians over rounds.
//   Query sets: "bench" = the 50 of bench/search.mjs (free text + location + two filters, each word's
//   first query scores its text cold); "text" = the 10 words alone (no filter: a head term's whole
//   title tier is ranked); "quality" = 200 queries of the same kind, QUALITY.md P3's workload size
//   (its p99 is the 3rd slowest query; the 50-query set's is its slowest).
// Usage: npm run build && node bench/search-cold.mjs [--positions 100000] [--rounds 5]
//          [--baseline /path/to/other/checkout] (its apps/server/dist is started on the same database)
//          [--data-dir DIR] (an already seeded SQLite DATA_DIR for this checkout: not seeded, not deleted)
//        Each build runs on its own database, seeded by its own seed.js (the same deterministic data).
//        PostgreSQL: BENCH_DATABASE_URL=postgres://…/postgres — a database is created, seeded and dropped.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { BENCH_SEARCH_QUERIES, QUALITY_SEARCH_QUERIES, SEARCH_WORDS, freePort, median, root, rssOf, waitFor } from './lib.mjs';

/** CPU time a process has used, in ms (Linux /proc: user + system clock ticks, 100 per second here). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const positions = Number(option('positions', '100000'));
const rounds = Number(option('rounds', '5'));
const baseline = option('baseline', null);
const givenDataDir = option('data-dir', null);
const postgresAdmin = process.env.BENCH_DATABASE_URL ?? null;

const SETS = {
  bench: BENCH_SEARCH_QUERIES,
  text: SEARCH_WORDS.map((word) => `query=${encodeURIComponent(word)}`),
  quality: QUALITY_SEARCH_QUERIES,
};

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
};

async function startBuild(buildRoot, dataDir, databaseUrl) {
  const port = await freePort();
  const started = performance.now();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: buildRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  await waitFor(`${baseUrl}/readyz`);
  return { child, baseUrl, started, readyMs: performance.now() - started };
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * One fresh server per set (so no set warms another's caches): each query once, in order; ms per query.
 * Also the start: spawn → /readyz, spawn → first search answered (the index built), and RSS then.
 */
async function coldRun(buildRoot, dataDir, databaseUrl) {
  const result = { start: [], cpu: {} };
  for (const name of Object.keys(SETS)) {
    const { times, start } = await coldSet(buildRoot, dataDir, databaseUrl, SETS[name]);
    result[name] = times;
    result.cpu[name] = start.setCpuMs;
    result.start.push(start);
  }
  return result;
}

async function coldSet(buildRoot, dataDir, databaseUrl, queries) {
  const { child, baseUrl, started, readyMs } = await startBuild(buildRoot, dataDir, databaseUrl);
  try {
    const first = await fetch(`${baseUrl}/api/auth/me`);
    const headers = { cookie: first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ') };
    // Waits for the index (built in the background once the server listens).
    await (await fetch(`${baseUrl}/api/pcsx/search`, { headers })).arrayBuffer();
    const start = { readyMs, indexedMs: performance.now() - started, rssMb: await rssOf(child.pid) };
    const times = [];
    const cpuBefore = cpuMsOf(child.pid);
    for (const query of queries) {
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/api/pcsx/search?${query}`, { headers });
      if (response.status !== 200) throw new Error(`${query} → ${response.status}`);
      await response.arrayBuffer();
      times.push(performance.now() - sent);
    }
    // The server's own CPU for the whole set: what the machine's other load cannot inflate.
    start.setCpuMs = cpuMsOf(child.pid) - cpuBefore;
    return { times, start };
  } finally {
    await stop(child);
  }
}

/** Seeds a database with `buildRoot`'s own seed (each build migrates its own schema). */
function seed(buildRoot, dataDir, databaseUrl) {
  const started = Date.now();
  const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', String(positions), '--reset'], {
    cwd: buildRoot,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  return Date.now() - started;
}

/**
 * PostgreSQL after a bulk load: autovacuum soon starts on the million new rows and their TOAST, and
 * measured in its wake the first searches ran ~1.7x slower. A served database is not in that state, so
 * vacuum (and checkpoint) now, before any round.
 */
async function settle(databaseUrl) {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  console.log(`  vacuumed and checkpointed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A fresh database per build: a data dir (SQLite) or a database created from BENCH_DATABASE_URL. */
async function createDatabase(index) {
  const dataDir = index === 0 && givenDataDir ? givenDataDir : mkdtempSync(join(tmpdir(), 'careers-bench-cold-'));
  if (!postgresAdmin) return { dataDir, databaseUrl: null, databaseName: null, isGiven: dataDir === givenDataDir };
  const databaseName = `cp_bench_cold_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${databaseName}`;
  return { dataDir, databaseUrl: url.toString(), databaseName, isGiven: false };
}

// Each build on its own copy of the same deterministic demo data: a build cannot start on a database
// migrated by another that knows more migrations.
const builds = [{ name: 'this checkout', root }, ...(baseline ? [{ name: `baseline ${baseline}`, root: baseline }] : [])];
const admin = postgresAdmin ? new pg.Client({ connectionString: postgresAdmin }) : null;
try {
  if (admin) await admin.connect();
  for (const [index, build] of builds.entries()) {
    build.database = await createDatabase(index);
    if (build.database.isGiven) continue;
    const ms = seed(build.root, build.database.dataDir, build.database.databaseUrl);
    console.log(`${build.name}: seeded ${positions.toLocaleString('en')} positions in ${(ms / 1000).toFixed(1)} s (${Math.round(positions / (ms / 1000))}/s)`);
    if (build.database.databaseUrl) await settle(build.database.databaseUrl);
  }
  const runs = new Map(builds.map((build) => [build.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which build goes first, so neither always meets the colder page cache.
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) runs.get(build.name).push(await coldRun(build.root, build.database.dataDir, build.database.databaseUrl));
  }
  console.log(`cold first searches, ${postgresAdmin ? 'PostgreSQL' : 'SQLite'}, ${positions.toLocaleString('en')} positions, ${rounds} rounds (median over rounds)`);
  for (const build of builds) {
    const starts = runs.get(build.name).flatMap((run) => run.start);
    console.log(
      `  ${build.name} — start (median of ${starts.length}): /readyz ${median(starts.map((start) => start.readyMs)).toFixed(0)} ms, first search answered ${median(
        starts.map((start) => start.indexedMs),
      ).toFixed(0)} ms, RSS then ${median(starts.map((start) => start.rssMb))} MB`,
    );
    for (const set of Object.keys(SETS)) {
      const perRound = runs.get(build.name).map((run) => run[set]);
      const p50 = median(perRound.map((times) => percentile(times, 0.5)));
      const p99 = median(perRound.map((times) => percentile(times, 0.99)));
      const perQuery = SETS[set].map((query, at) => [median(perRound.map((times) => times[at])), query]).sort((a, b) => b[0] - a[0]);
      const cpu = median(runs.get(build.name).map((run) => run.cpu[set]));
      console.log(
        `  ${build.name} — ${set} (${SETS[set].length} queries): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, server CPU for the set ${cpu} ms; slowest (median): ${perQuery
          .slice(0, 3)
          .map(([ms, query]) => `${ms.toFixed(0)} ms ${decodeURIComponent(query)}`)
          .join(' | ')}`,
      );
    }
  }
} finally {
  for (const build of builds) {
    const database = build.database;
    if (!database) continue;
    if (database.databaseName) await admin.query(`drop database if exists ${database.databaseName} with (force)`);
    if (!database.isGiven) rmSync(database.dataDir, { recursive: true, force: true });
  }
  await admin?.end();
}
