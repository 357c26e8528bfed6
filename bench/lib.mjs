// Shared helpers for the benchmarks: start the built server on a data dir, wait for readiness, stats.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const root = new URL('..', import.meta.url).pathname;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, { timeoutMs = 60_000, intervalMs = 5 } = {}) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Starts apps/server/dist/main.js; resolves with { child, baseUrl, readyMs } once /readyz answers 200.
 * `port`: a fixed port (machines that share ports between runs assign ranges); a free one otherwise.
 */
export async function startServer({ dataDir, env = {}, port: fixedPort, readyTimeoutMs }) {
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', SEED_DEMO: '1', ...env },
  });
  try {
    await waitFor(`${baseUrl}/readyz`, readyTimeoutMs ? { timeoutMs: readyTimeoutMs } : undefined);
  } catch (error) {
    // Not left running (and holding the caller's stderr) when it never became ready.
    child.kill('SIGTERM');
    throw error;
  }
  return { child, baseUrl, readyMs: Date.now() - started };
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function rssOf(pid) {
  // Linux: resident set size in MB from /proc.
  return import('node:fs').then(({ readFileSync }) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  });
}

/**
 * Runs `run(url)` against a fresh PostgreSQL database created from BENCH_DATABASE_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it afterwards, whatever happens.
 */
export async function withPostgresDatabase(prefix, run) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const { randomBytes } = await import('node:crypto');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * The P3 workload shared by bench/search.mjs and bench/search-cold.mjs: free text + location + two
 * filters, 50 distinct query strings (without the leading `?`); head terms ("engineer", "manager") included.
 */
export const SEARCH_WORDS = ['engineer', 'manager', 'robotics', 'data', 'technician', 'designer', 'sales', 'quality', 'firmware', 'analyst'];
const SEARCH_PLACES = ['Boston', 'London', 'United States', 'Germany', 'remote'];
const SEARCH_FILTERS = [
  ['filter_department=Engineering', 'filter_employment_type=FULL_TIME'],
  ['filter_employment_type=FULL_TIME', 'filter_seniority=senior'],
  ['filter_department=Sales', 'filter_remote=false'],
  ['filter_seniority=mid', 'filter_employment_type=CONTRACT'],
];
const searchQuery = (word, place, filters) => `query=${encodeURIComponent(word)}&location=${encodeURIComponent(place)}&${filters.join('&')}`;
export const BENCH_SEARCH_QUERIES = SEARCH_WORDS.flatMap((word, index) =>
  SEARCH_PLACES.map((place, placeIndex) => searchQuery(word, place, SEARCH_FILTERS[(index + placeIndex) % SEARCH_FILTERS.length])),
);
/** Ten more words of the seed's titles, skills and descriptions, for a workload of QUALITY.md's size. */
const MORE_SEARCH_WORDS = ['software', 'product', 'production', 'research', 'marketing', 'account', 'support', 'field', 'scientist', 'mechanical'];
/**
 * P3's workload as QUALITY.md measured its reference engines: 200 queries (free text + location + two
 * filters, ranked top 10 with facets). 20 words × 5 places × 2 filter pairs, word by word like the
 * 50-query set, so each word's first query still scores its text cold.
 */
export const QUALITY_SEARCH_QUERIES = [...SEARCH_WORDS, ...MORE_SEARCH_WORDS].flatMap((word, index) =>
  SEARCH_PLACES.flatMap((place, placeIndex) =>
    [0, 2].map((shift) => searchQuery(word, place, SEARCH_FILTERS[(index + placeIndex + shift) % SEARCH_FILTERS.length])),
  ),
);
