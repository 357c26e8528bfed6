import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './db/database';
import { createPositionWritesService } from './modules/positions/position-writes.service';
import { createPositionsChangeBus } from './modules/positions/positions-changes';
import { adminQuery, databaseUrl } from './test/databases';
import { systemClock } from './clock';

/**
 * Issue 8 §2 and QUALITY T21/P12: two real server processes (the built dist/main.js) on one fresh
 * PostgreSQL database and one Redis, as behind a load balancer. Started together on the empty database
 * they seed it once; a session and its CSRF token made on one work on the other; a rate limit is one
 * limit across both; a position changed through the write path is found by search on both within 1 s;
 * SIGTERM under load ends no request begun before it, and the process exits within 10 s.
 *
 * Needs TEST_DATABASE_URL (skipped without, like every PostgreSQL suite) and Redis at TEST_REDIS_URL
 * (default redis://127.0.0.1:6379; .ci/run starts one). Ports: TWO_PROCESS_PORTS="a,b", else free ones.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!adminUrl) console.warn('two-processes.test: TEST_DATABASE_URL is not set; the two-process suite is skipped');

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const SEARCH_LIMIT = 60;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Proc {
  child: ChildProcess;
  base: string;
  output: string[];
  exited: Promise<number | null>;
}

function start(port: number, env: Record<string, string>): Proc {
  const output: string[] = [];
  const child = spawn(process.execPath, [join(serverDir, 'dist', 'main.js')], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output, exited };
}

async function ready(proc: Proc, timeoutMs = 150_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited (${proc.child.exitCode}): ${proc.output.join('')}`);
    try {
      if ((await fetch(`${proc.base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`not ready: ${proc.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A browser stand-in over fetch: cookies and the CSRF token, whichever process answers. */
class Browser {
  cookies = new Map<string, string>();
  csrf = '';
  constructor(private readonly address: string) {}
  async request(base: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.method && init.method !== 'GET') {
      headers['x-csrf-token'] = this.csrf;
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = (pair ?? '').indexOf('=');
      if (at > 0) this.cookies.set((pair as string).slice(0, at), (pair as string).slice(at + 1));
    }
    const token = response.headers.get('x-csrf-token');
    if (token) this.csrf = token;
    return response;
  }
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL and one Redis', () => {
  const name = `cp_test_${randomBytes(6).toString('hex')}`;
  const prefix = `careers-test-${randomBytes(6).toString('hex')}:`;
  const dirs: string[] = [];
  let procs: Proc[] = [];
  let database: Database;
  let tenantId = '';

  beforeAll(async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
    } catch {
      throw new Error(`two-processes.test needs Redis at ${redisUrl} (redis-server --daemonize yes; .ci/run starts one)`);
    } finally {
      redis.disconnect();
    }
    // The bundle as `npm start` runs it (a few seconds); the web build is not needed: the API and the
    // built-in shell template are what this suite exercises.
    execFileSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    await adminQuery(adminUrl as string, `create database ${name}`);
    const url = databaseUrl(adminUrl as string, name);
    const ports = process.env.TWO_PROCESS_PORTS ? process.env.TWO_PROCESS_PORTS.split(',').map(Number) : [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      SEARCH_RATE_LIMIT_PER_MINUTE: String(SEARCH_LIMIT),
      WEB_DIST_DIR: join(tmpdir(), 'no-web-build'),
    };
    // Started together on the empty database.
    procs = ports.map((port) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cp-two-'));
      dirs.push(dataDir);
      return start(port, { ...env, DATA_DIR: dataDir });
    });
    await Promise.all(procs.map((proc) => ready(proc)));
    database = openPostgres(url);
    tenantId = (await database.db.selectFrom('tenants').select('id').where('domain', '=', 'acme.example').executeTakeFirstOrThrow()).id;
  }, 240_000);

  afterAll(async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await Promise.all(procs.map((proc) => proc.exited));
    await database?.close();
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  const [a, b] = [() => procs[0] as Proc, () => procs[1] as Proc];

  it('started together on an empty database: both ready, the demo seeded once', async () => {
    const seeded = procs.map((proc) => proc.output.join('').split('\n').filter((line) => line.includes('demo data seeded')).length);
    expect(seeded.sort()).toEqual([0, 1]);
    const tenants = await database.db.selectFrom('tenants').select('id').execute();
    expect(tenants).toHaveLength(2);
  });

  it('a session and its CSRF token made on one process work on the other', async () => {
    const browser = new Browser('10.1.0.1');
    await browser.request(a().base, '/api/auth/me');
    const login = await browser.request(a().base, '/api/auth/login', { method: 'POST', body: { email: 'ada@acme.example', password: 'lovelace-demo-1' } });
    expect(login.status).toBe(200);
    const me = (await (await browser.request(b().base, '/api/auth/me')).json()) as { user?: { email?: string } | null };
    expect(JSON.stringify(me)).toContain('ada@acme.example');
    const position = await database.db.selectFrom('positions').select('id').where('tenantId', '=', tenantId).where('archivedAt', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A CSRF-protected write on the other process, with the token the first one issued.
    const saved = await browser.request(b().base, '/api/pcsx/positions/saved', { method: 'POST', body: { position_id: position.id, action: 'save' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const forged = await fetch(`${b().base}/api/pcsx/positions/saved`, {
      method: 'POST',
      headers: { cookie: [...browser.cookies].map(([key, value]) => `${key}=${value}`).join('; '), 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1', 'x-csrf-token': 'forged' },
      body: JSON.stringify({ position_id: position.id, action: 'unsave' }),
    });
    expect(forged.status).toBe(403);
  });

  it('a rate limit is one limit across both processes', async () => {
    const address = '10.2.0.1';
    const search = (proc: Proc) => fetch(`${proc.base}/api/pcsx/search?query=engineer`, { headers: { 'x-forwarded-for': address } }).then((response) => response.status);
    const statuses: number[] = [];
    for (let at = 0; at < SEARCH_LIMIT; at += 1) statuses.push(await search(at % 2 === 0 ? a() : b()));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await search(a())).toBe(429);
    expect(await search(b())).toBe(429);
  });

  it('a position changed through the write path is found by search on both processes within 1 s (P12)', async () => {
    const writes = createPositionWritesService({ database, bus: createPositionsChangeBus(), clock: systemClock });
    const word = `zq${randomBytes(4).toString('hex').replace(/[0-9]/g, 'x')}`;
    // Both processes have the tenant's index loaded (searched above) before the change.
    const written = await writes.upsertPosition(tenantId, {
      externalRef: `two-process-${word}`,
      title: `Orbital ${word} Engineer`,
      department: 'Engineering',
      employmentType: 'FULL_TIME',
      seniority: 'senior',
      description: 'Builds orbital robots.',
      skills: ['C++'],
      isRemote: false,
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: null,
      postedAt: new Date().toISOString(),
      validThrough: null,
      locations: [{ city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 }],
    });
    const changedAt = Date.now();
    const seenAfter = await Promise.all(
      procs.map(async (proc, at) => {
        for (;;) {
          const response = await fetch(`${proc.base}/api/pcsx/search?query=${word}`, { headers: { 'x-forwarded-for': `10.3.0.${at}` } });
          const body = (await response.json()) as { positions?: { id: number }[] };
          if (body.positions?.some((position) => position.id === written.id)) return Date.now() - changedAt;
          if (Date.now() - changedAt > 5000) return Number.POSITIVE_INFINITY;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    console.info(`two processes: the new position was found after ${seenAfter.join(' and ')} ms`);
    for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(1000);
  });

  it('SIGTERM under load: no request begun before the signal fails, and the process exits within 10 s (T21)', async () => {
    const target = b();
    const position = await database.db.selectFrom('positions').select('id').where('tenantId', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
    let signalledAt = Number.POSITIVE_INFINITY;
    const failures: string[] = [];
    let completed = 0;
    let stop = false;
    const loop = async (worker: number) => {
      while (!stop) {
        const begun = Date.now();
        try {
          const response = await fetch(`${target.base}/api/pcsx/position_details?position_id=${position.id}&n=${worker}`);
          await response.arrayBuffer();
          if (begun < signalledAt && response.status !== 200) failures.push(`status ${response.status}`);
          completed += 1;
        } catch (error) {
          // Refused connections after the signal are expected; anything begun before it must have answered.
          if (begun < signalledAt) failures.push(String((error as Error).cause ?? error));
          if (Date.now() > signalledAt) return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, worker) => loop(worker));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = completed;
    signalledAt = Date.now();
    target.child.kill('SIGTERM');
    const code = await target.exited;
    const exitMs = Date.now() - signalledAt;
    stop = true;
    await Promise.all(workers);
    console.info(`two processes: ${before} requests before SIGTERM, exit ${code} after ${exitMs} ms, ${failures.length} failures of requests begun before it`);
    expect(before).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // The other process goes on serving.
    expect((await fetch(`${a().base}/readyz`)).status).toBe(200);
  }, 30_000);
});
