#!/usr/bin/env node
// P1: GET /healthz through every plugin of the real app, against a bare Fastify route answering a fixed
// JSON, in the same run, with autocannon. Reports req/s medians over rounds and the ratio.
// Usage: node bench/http-overhead.mjs [--connections 10] [--seconds 5] [--rounds 3]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, root, startServer, stopServer, waitFor } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const connections = arg('connections', 10);
const duration = arg('seconds', 5);
const rounds = arg('rounds', 3);

const load = (url) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result))),
  );

const barePort = await freePort();
const bare = spawn(process.execPath, ['bench/bare-server.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitFor(`${bareUrl}/readyz`);

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '0' } });
try {
  const app = [];
  const baseline = [];
  for (let round = 0; round < rounds; round++) {
    baseline.push((await load(`${bareUrl}/healthz`)).requests.average);
    app.push((await load(`${baseUrl}/healthz`)).requests.average);
  }
  const a = median(app);
  const b = median(baseline);
  console.log(`bare Fastify /healthz: ${Math.round(b)} req/s (median of ${rounds})`);
  console.log(`app /healthz (all plugins): ${Math.round(a)} req/s (median of ${rounds})`);
  console.log(`ratio: ${((a / b) * 100).toFixed(0)}% (P1 target ≥ 70%)`);
} finally {
  await stopServer(child);
  await stopServer(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
