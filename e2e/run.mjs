#!/usr/bin/env node
// End-to-end run: build, start the real server on a fresh SQLite database with the demo seed, run the
// Playwright specs in Debian's Chromium, stop the server, remove the data. Fails loudly without Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(
    `e2e: Chromium not found at ${chromium}.\n` +
      'Install Debian\'s Chromium first:  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-liberation\n' +
      '(or set CHROMIUM_PATH). Browser downloads are not used by this project.',
  );
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url, child, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build']);

const dataDir = mkdtempSync(join(tmpdir(), 'careers-e2e-'));
// E2E_PORT: machines shared by several runs give each a port range.
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// SSR_BUDGET_MS: the suite checks what the server rendered; on a loaded CI machine the default 250 ms budget
// would send some pages unrendered (correct behaviour, but not what those tests are about).
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production', SSR_BUDGET_MS: process.env.SSR_BUDGET_MS ?? '5000' },
});

let status = 1;
try {
  await waitForReady(baseUrl, server);
  const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    // E2E_DATA_DIR: the server's data directory, so a spec can run the operators' command line
    // (apps/server/dist/careers.js) against the same SQLite database while the server runs (WAL mode).
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
