#!/usr/bin/env node
// P10 (cold start): time from spawning the built server to /readyz answering 200, on an EXISTING
// database (the first start, which migrates and seeds, is excluded). Also reports RSS once ready.
// With --serve N, the last start then serves N rounds of pages (the search page, a search, two job
// pages: rendered by the server with the tenant HTML stored sanitized) and reports the highest RSS seen while serving
// and the RSS once the server has been idle for 7 s.
// Usage: node bench/cold-start.mjs [--runs 10] [--positions N] [--serve 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { median, root, rssOf, startServer, stopServer } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 10);
const positions = arg('positions', 0);
const serveRounds = arg('serve', 0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages as a browser asks for them; the server renders each (after its first render is warm). */
async function servePages(baseUrl, pid) {
  let peak = 0;
  for (let round = 0; round < serveRounds; round++) {
    for (const path of ['/careers', `/careers?query=engineer&round=${round}`, `/careers/job/${round * 7 + 1}`, `/careers/job/${round * 7 + 2}`]) {
      await (await fetch(baseUrl + path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36' } })).text();
      peak = Math.max(peak, await rssOf(pid));
    }
  }
  await sleep(7000);
  return { peak, idle: await rssOf(pid) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
try {
  if (positions > 0) {
    const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', String(positions)], {
      cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir },
    });
    if (seeded.status !== 0) process.exit(1);
  }
  const first = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
  console.log(`first start (migrate + seed if empty): ${first.readyMs} ms`);
  await stopServer(first.child);

  const times = [];
  let rss = 0;
  let served = null;
  for (let i = 0; i < runs; i++) {
    const { child, readyMs, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    times.push(readyMs);
    rss = await rssOf(child.pid);
    if (serveRounds > 0 && i === runs - 1) served = await servePages(baseUrl, child.pid);
    await stopServer(child);
  }
  console.log(`cold start on existing database: median ${median(times)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms over ${runs} runs`);
  console.log(`RSS when ready: ${rss} MB`);
  if (served) console.log(`serving ${serveRounds} rounds of pages: RSS peak ${served.peak} MB, after 7 s idle ${served.idle} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
