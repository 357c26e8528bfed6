#!/usr/bin/env node
// P3: GET /api/pcsx/search at 100k positions — free text + location + two filters, with facets — on
// SQLite and PostgreSQL, beside a bare Fastify route answering a fixed JSON (bench/bare-server.mjs
// /fixed) in the same run.
//   1. cold: each of QUERIES once, in order, concurrency 1 (no cache has seen them) → p50/p99;
//   2. warm: autocannon, concurrency 1 → p50/p99 latency (P3: p50 ≤ 10 ms, p99 ≤ 50 ms on SQLite);
//   3. throughput: autocannon, concurrency 10, search vs bare /fixed → req/s and the ratio (≥ 25%).
// Searches send a browser's Accept-Encoding (Chromium's), so answers come gzipped as browsers get them;
// throughput is also measured without it (plain JSON), in the same run.
// Usage: npm run build && node bench/search.mjs [--positions 100000] [--seconds 10] [--dialects sqlite,postgres]
//        PostgreSQL needs BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): a
//        database cp_bench_search_<random> is created from it and dropped afterwards.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SEARCH_QUERIES, freePort, root, startServer, stopServer, waitFor, withPostgresDatabase } from './lib.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const positions = Number(option('positions', '100000'));
const seconds = Number(option('seconds', '10'));
const dialects = option('dialects', process.env.BENCH_DATABASE_URL ? 'sqlite,postgres' : 'sqlite').split(',');

const QUERIES = BENCH_SEARCH_QUERIES.map((query) => `/api/pcsx/search?${query}`);
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
};

function load(url, { connections, requests }) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, requests }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function seed(env) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', String(positions), '--reset'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('seeding failed');
  return Date.now() - started;
}

async function measure(baseUrl, bareUrl) {
  // A returning visitor: the anonymous CSRF cookie from the first page view, as a browser keeps it
  // (without it every request would mint and sign a new one).
  const first = await fetch(`${baseUrl}/api/auth/me`);
  const cookie = first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const headers = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const plainHeaders = { cookie };
  // The server builds the tenant's in-memory index in the background once it listens; one browse
  // (not among QUERIES) waits for it, so "cold" below means cold caches, not a process still loading.
  await (await fetch(`${baseUrl}/api/pcsx/search`, { headers })).arrayBuffer();
  const cold = [];
  const slowest = [];
  for (const path of QUERIES) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} → ${response.status}`);
    await response.arrayBuffer();
    cold.push(performance.now() - started);
    slowest.push([performance.now() - started, decodeURIComponent(path.replace('/api/pcsx/search?', ''))]);
  }
  slowest.sort((a, b) => b[0] - a[0]);
  const requests = QUERIES.map((path) => ({ method: 'GET', path, headers }));
  const warm = await load(baseUrl, { connections: 1, requests });
  const search10 = await load(baseUrl, { connections: 10, requests });
  const bare10 = await load(`${bareUrl}/fixed`, { connections: 10 });
  const plain10 = await load(baseUrl, { connections: 10, requests: QUERIES.map((path) => ({ method: 'GET', path, headers: plainHeaders })) });
  for (const result of [warm, search10, plain10]) if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers`);
  return {
    coldP50: percentile(cold, 0.5),
    coldP99: percentile(cold, 0.99),
    warmP50: warm.latency.p50,
    warmP99: warm.latency.p99,
    searchRps: search10.requests.average,
    search10P99: search10.latency.p99,
    bareRps: bare10.requests.average,
    plainRps: plain10.requests.average,
    slowest: slowest.slice(0, 3).map(([ms, query]) => `${ms.toFixed(0)} ms ${query}`),
  };
}

const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/bare-server.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitFor(`${bareUrl}/readyz`);

const rows = [];
try {
  for (const dialect of dialects) {
    const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-search-'));
    const run = async (databaseEnv) => {
      const seedMs = seed({ DATA_DIR: dataDir, ...databaseEnv });
      // The per-IP search limit (120/min) would turn a load test into a 429 test.
      const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '100000000', ...databaseEnv } });
      try {
        return { seedMs, figures: await measure(baseUrl, bareUrl) };
      } finally {
        await stopServer(child);
      }
    };
    try {
      const { seedMs, figures } = dialect === 'postgres' ? await withPostgresDatabase('cp_bench_search', (url) => run({ DATABASE_URL: url })) : await run({});
      rows.push({ dialect, seedMs, ...figures });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await stopServer(bare);
}

console.log(`search at ${positions.toLocaleString('en')} positions, ${QUERIES.length} distinct queries (free text + location + two filters, with facets)`);
for (const row of rows) {
  console.log(
    [
      `${row.dialect}: seeded in ${(row.seedMs / 1000).toFixed(1)} s (${Math.round(positions / (row.seedMs / 1000))} positions/s incl. process start)`,
      `  cold (each query once, concurrency 1): p50 ${row.coldP50.toFixed(1)} ms, p99 ${row.coldP99.toFixed(1)} ms; slowest: ${row.slowest.join(' | ')}`,
      `  warm (autocannon, concurrency 1, ${seconds} s): p50 ${row.warmP50} ms, p99 ${row.warmP99} ms (P3: ≤ 10 / ≤ 50 on SQLite)`,
      `  concurrency 10: ${Math.round(row.searchRps)} req/s (p99 ${row.search10P99} ms) vs bare Fastify /fixed ${Math.round(row.bareRps)} req/s → ${((row.searchRps / row.bareRps) * 100).toFixed(0)}% (P3: ≥ 25%)`,
      `  concurrency 10 without Accept-Encoding (plain JSON): ${Math.round(row.plainRps)} req/s → ${((row.plainRps / row.bareRps) * 100).toFixed(0)}%`,
    ].join('\n'),
  );
}
