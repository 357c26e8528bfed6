#!/usr/bin/env node
// P2: GET /api/pcsx/position_details at 50 concurrent connections against a bare Fastify route answering a
// fixed JSON, in the same run, with autocannon. The app serves the demo tenant (2,000 positions by default);
// requests rotate over every open position so no single answer stays hot. Reports req/s and p99 medians over
// rounds and the ratio. Usage:
//   npm run build && node bench/position-details.mjs [--connections 50] [--seconds 5] [--rounds 3] [--positions 2000]
// BENCH_DATABASE_URL=postgres://… runs the app on PostgreSQL (a fresh database is created and dropped).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, root, startServer, stopServer, waitFor, withPostgresDatabase } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const connections = arg('connections', 50);
const duration = arg('seconds', 5);
const rounds = arg('rounds', 3);
const positions = arg('positions', 2000);

function load(url, paths, headers) {
  let next = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections,
        duration,
        headers,
        requests: paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
}

/** Every open position's id, from the sitemap (the public list of job pages). */
async function openPositionIds(baseUrl) {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/\/careers\/job\/(\d+)/g)].map((match) => match[1]);
}

const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/bare-server.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitFor(`${bareUrl}/readyz`);

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
try {
  const withDatabase = (run) =>
    process.env.BENCH_DATABASE_URL ? withPostgresDatabase('cp_bench_details', (url) => run({ DATABASE_URL: url })) : run({});
  await withDatabase(async (databaseEnv) => {
    const seed = spawn(process.execPath, ['apps/server/dist/seed.js', '--positions', String(positions)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...databaseEnv },
    });
    await new Promise((resolve, reject) => seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`)))));
    const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '0', ...databaseEnv } });
    try {
      const ids = await openPositionIds(baseUrl);
      if (ids.length === 0) throw new Error('no open positions in the sitemap');
      const paths = ids.map((id) => `/api/pcsx/position_details?position_id=${id}`);
      const probe = await fetch(`${baseUrl}${paths[0]}`);
      if (probe.status !== 200) throw new Error(`position_details answered ${probe.status}`);
      // A browser carries the cookies the careers page set (the anonymous CSRF secret); so does the load.
      const cookie = probe.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
      const app = { rps: [], p99: [], errors: 0 };
      const baseline = { rps: [], p99: [] };
      for (let round = 0; round < rounds; round++) {
        const b = await load(`${bareUrl}/fixed`);
        baseline.rps.push(b.requests.average);
        baseline.p99.push(b.latency.p99);
        const a = await load(baseUrl, paths, cookie ? { cookie } : undefined);
        app.rps.push(a.requests.average);
        app.p99.push(a.latency.p99);
        app.errors += a.non2xx + a.errors;
      }
      const ratio = median(app.rps) / median(baseline.rps);
      console.log(`database: ${databaseEnv.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${ids.length} open positions; ${connections} connections`);
      console.log(`bare Fastify /fixed: ${Math.round(median(baseline.rps))} req/s, p99 ${median(baseline.p99)} ms (median of ${rounds})`);
      console.log(`position_details: ${Math.round(median(app.rps))} req/s, p99 ${median(app.p99)} ms (median of ${rounds}); non-2xx/errors ${app.errors}`);
      console.log(`ratio: ${(ratio * 100).toFixed(0)}% (P2 target ≥ 35%, p99 ≤ 20 ms)`);
    } finally {
      await stopServer(child);
    }
  });
} finally {
  await stopServer(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
