// P9: positions imported per second through the command line (`careers positions import`, the batch
// write with rows, places, postings and vocabulary in one transaction), at 100,000 positions, on SQLite
// and — when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server — on PostgreSQL.
// `--via api`: the same positions through the employer API instead (POST /api/admin/v1/positions/bulk,
// 10,000 per call, one after another, against the built server). Each run starts from a fresh database
// and tenant; the median of 3 runs is reported, with the time of a re-import of the same positions
// (every row unchanged: nothing written).
//
//   npm run build -w @careers/server && node bench/import-throughput.mjs [--positions 100000] [--runs 3] [--via cli|api]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { median, root, startServer, stopServer } from './lib.mjs';

const { values } = parseArgs({ options: { positions: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' }, via: { type: 'string', default: 'cli' } } });
const COUNT = Number(values.positions);
const RUNS = Number(values.runs);
const VIA = values.via;
if (VIA !== 'cli' && VIA !== 'api') throw new Error('--via must be cli or api');
/** Positions per API call: the route's limit. */
const API_BATCH = 10_000;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const CITIES = [
  ['Berlin', 'Berlin', 'Germany', 52.52, 13.405],
  ['London', 'England', 'United Kingdom', 51.5074, -0.1278],
  ['New York', 'NY', 'United States', 40.7128, -74.006],
  ['Austin', 'TX', 'United States', 30.2672, -97.7431],
  ['Paris', 'Île-de-France', 'France', 48.8566, 2.3522],
  ['Tokyo', 'Tokyo', 'Japan', 35.6762, 139.6503],
  ['Toronto', 'ON', 'Canada', 43.6532, -79.3832],
  ['Bengaluru', 'Karnataka', 'India', 12.9716, 77.5946],
];
const ROLES = ['Robotics Engineer', 'Data Scientist', 'Product Manager', 'Field Technician', 'Sales Executive', 'Recruiter', 'Firmware Developer', 'Designer', 'Accountant', 'Support Specialist'];
const DEPARTMENTS = ['Engineering', 'Data', 'Product', 'Operations', 'Sales', 'People', 'Finance', 'Design'];
const WORDS = 'build ship robots customers safety vision grasping planning warehouse fleet analytics models pipelines reliability hardware firmware sensors motion control teams mentor roadmap quality testing deploy support growth pricing partners hiring culture budget forecast'.split(' ');
const SKILLS = ['Python', 'C++', 'ROS', 'SQL', 'Figma', 'Excel', 'Kubernetes', 'Rust', 'TypeScript', 'Negotiation'];

/** A deterministic file of COUNT positions in our JSON format, with varied words (the postings see real vocabulary). */
function generate(file) {
  let seed = 42;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const positions = [];
  for (let i = 0; i < COUNT; i += 1) {
    const city = CITIES[next(CITIES.length)];
    const sentence = () => Array.from({ length: 12 }, () => WORDS[next(WORDS.length)]).join(' ') + `. Req${next(50000)}.`;
    positions.push({
      externalRef: `BENCH-${i + 1}`,
      title: `${['', 'Senior ', 'Lead '][next(3)]}${ROLES[next(ROLES.length)]}`,
      department: DEPARTMENTS[next(DEPARTMENTS.length)],
      employmentType: 'FULL_TIME',
      seniority: 'mid',
      description: Array.from({ length: 6 }, sentence).join('\n\n'),
      skills: [SKILLS[next(SKILLS.length)], SKILLS[next(SKILLS.length)]].filter((skill, at, all) => all.indexOf(skill) === at),
      isRemote: next(7) === 0,
      salaryMin: 50000 + next(50) * 1000,
      salaryMax: 110000 + next(50) * 1000,
      salaryCurrency: 'USD',
      postedAt: new Date(Date.UTC(2026, 9, 1) + next(60) * 86400000).toISOString(),
      validThrough: null,
      locations: [{ city: city[0], region: city[1], country: city[2], lat: city[3], lng: city[4] }],
    });
  }
  writeFileSync(file, JSON.stringify({ positions }));
}

function careers(args, env) {
  const result = spawnSync(process.execPath, ['apps/server/dist/careers.js', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`careers ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return result.stdout;
}

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database for one run: { env, drop }. */
async function freshDatabase(dialect, run) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-import-bench-'));
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `cp_import_bench_${process.pid}_${run}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SESSION_SECRET: 'import-bench-secret-0123456789abcdef' },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}



/** An API key for the tenant, made through the key service from the sources (tsx), printed once. */
function apiKeyFor(env) {
  const script = `
    const { openDatabase } = await import('./apps/server/src/db/database.ts');
    const { createApiKeysRepository } = await import('./apps/server/src/modules/api-keys/api-keys.repository.ts');
    const { createApiKeysService } = await import('./apps/server/src/modules/api-keys/api-keys.service.ts');
    const database = openDatabase({ dataDir: process.env.DATA_DIR, databaseUrl: process.env.DATABASE_URL });
    const made = await createApiKeysService({ repository: createApiKeysRepository(database.db), clock: { now: () => new Date() } }).create('bench', 'import bench');
    process.stdout.write(made.key);
    await database.close();`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`could not make an API key: ${result.stderr}`);
  return result.stdout.trim();
}

/** The file's positions through the bulk route, API_BATCH per call; the summed result and the wall time. */
async function importThroughApi(baseUrl, key, positions) {
  const started = performance.now();
  const total = { created: 0, updated: 0, unchanged: 0 };
  for (let start = 0; start < positions.length; start += API_BATCH) {
    const response = await fetch(`${baseUrl}/api/admin/v1/positions/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ positions: positions.slice(start, start + API_BATCH) }),
    });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`bulk call answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
    for (const field of Object.keys(total)) total[field] += body[field];
  }
  return { ...total, seconds: (performance.now() - started) / 1000 };
}

const dir = mkdtempSync(join(tmpdir(), 'cp-import-file-'));
const file = join(dir, 'positions.json');
generate(file);
console.log(`host: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (shared machine: other work runs beside this)`);
console.log(`file: ${COUNT} positions, our JSON format; through ${VIA === 'cli' ? 'the command line' : `the employer API (${API_BATCH} per call)`}`);
const apiPositions = VIA === 'api' ? JSON.parse(readFileSync(file, 'utf8')).positions : null;

const dialects = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
for (const dialect of dialects) {
  const first = [];
  const again = [];
  const firstCpu = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const database = await freshDatabase(dialect, run);
    try {
      careers(['tenant', 'create', '--id', 'bench', '--domain', 'bench.example', '--name', 'Bench'], database.env);
      let imported;
      let repeated;
      if (VIA === 'cli') {
        imported = JSON.parse(careers(['positions', 'import', file, '--tenant', 'bench', '--json'], database.env));
        repeated = JSON.parse(careers(['positions', 'import', file, '--tenant', 'bench', '--json'], database.env));
      } else {
        const key = apiKeyFor(database.env);
        const { child, baseUrl } = await startServer({ dataDir: database.env.DATA_DIR, env: { ...database.env, SEED_DEMO: '0' } });
        try {
          imported = await importThroughApi(baseUrl, key, apiPositions);
          repeated = await importThroughApi(baseUrl, key, apiPositions);
        } finally {
          await stopServer(child);
        }
      }
      if (imported.created !== COUNT) throw new Error(`expected ${COUNT} created, got ${JSON.stringify(imported)}`);
      if (repeated.unchanged !== COUNT) throw new Error(`expected ${COUNT} unchanged, got ${JSON.stringify(repeated)}`);
      first.push(imported.seconds);
      again.push(repeated.seconds);
      if (imported.cpuSeconds !== undefined) firstCpu.push(imported.cpuSeconds);
      const cpu = (result) => (result.cpuSeconds === undefined ? '' : `; the CLI's own CPU ${result.cpuSeconds.toFixed(2)} s`);
      console.log(
        `${dialect} run ${run}: import ${imported.seconds.toFixed(2)} s (${Math.round(COUNT / imported.seconds)} positions/s${cpu(imported)}), re-import ${repeated.seconds.toFixed(2)} s (all unchanged${cpu(repeated)})`,
      );
    } finally {
      await database.drop();
    }
  }
  const seconds = median(first);
  console.log(`${dialect}: median ${Math.round(COUNT / seconds)} positions/s (${seconds.toFixed(2)} s for ${COUNT}; P9 target 5,000/s), re-import median ${median(again).toFixed(2)} s${firstCpu.length > 0 ? `; CLI CPU per import median ${median(firstCpu).toFixed(2)} s (the rest is waiting: the database server, other processes)` : ''}`);
}
rmSync(dir, { recursive: true, force: true });

