import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second server on its own fresh demo database, for flows that use up a demo offer (signing, rejecting)
 * which the shared server's specs rely on. Same build and settings as e2e/run.mjs starts.
 */
export interface OwnServer {
  baseURL: string;
  /** Its DATA_DIR, for the command line against the same database (issue 12: an API key). */
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let nextFixedPort = Number(process.env.E2E_OWN_PORT_BASE ?? 0);

export async function startOwnServer(timeoutMs = 60_000, env: Record<string, string> = {}): Promise<OwnServer> {
  const root = new URL('../..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'careers-e2e-own-'));
  // E2E_OWN_PORT_BASE: fixed ports from there on (machines where each user has a port range).
  const port = nextFixedPort > 0 ? nextFixedPort++ : await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_ENV: 'production', SSR_BUDGET_MS: '5000', ...env },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return { baseURL, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`own server not ready after ${timeoutMs} ms`);
}
