#!/usr/bin/env node
// P10 (cold start): time from spawning the built server to /readyz answering 200, on an EXISTING
// database (the first start, which migrates and seeds, is excluded). Also reports RSS once ready.
// Usage: node bench/cold-start.mjs [--runs 10] [--positions N]
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
  for (let i = 0; i < runs; i++) {
    const { child, readyMs } = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    times.push(readyMs);
    rss = await rssOf(child.pid);
    await stopServer(child);
  }
  console.log(`cold start on existing database: median ${median(times)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms over ${runs} runs`);
  console.log(`RSS when ready: ${rss} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
