#!/usr/bin/env node
// P6: Lighthouse mobile performance (its default: simulated slow 4G and a 4× slower CPU) on /careers, a
// job page and /careers/offers (signed in as Ada through a session cookie), on the demo data.
// Reports score, LCP, CLS and TBT per page, median of N runs.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3]
// Lighthouse is not a project dependency (one of its dependencies is pinned to "latest", which would break
// `npm ci` whenever it publishes): the script installs the pinned version into a cache folder on first use.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root, startServer, stopServer } from './lib.mjs';

const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 3;

async function sessionCookie(baseUrl) {
  const me = await fetch(`${baseUrl}/api/auth/me`);
  const anonymous = me.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': me.headers.get('x-csrf-token'), cookie: anonymous },
    body: JSON.stringify({ email: 'ada@acme.example', password: 'lovelace-demo-1' }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const LIGHTHOUSE_VERSION = '12.8.2';
const toolDir = join(root, 'bench/.tools');

function lighthouseCli() {
  const cli = join(toolDir, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', toolDir, `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' });
  }
  return cli;
}

function lighthouse(url, cookie, outDir) {
  const output = join(outDir, 'report.json');
  const args = [
    lighthouseCli(), url, '--quiet', '--only-categories=performance',
    '--output=json', `--output-path=${output}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  execFileSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const report = JSON.parse(readFileSync(output, 'utf8'));
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
const outDir = mkdtempSync(join(tmpdir(), 'careers-lighthouse-'));
const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
try {
  const cookie = await sessionCookie(baseUrl);
  const search = await (await fetch(`${baseUrl}/api/pcsx/search?query=engineer`)).json();
  const pages = [
    ['/careers', null],
    [`/careers/job/${search.positions[0].id}`, null],
    ['/careers/offers', cookie],
  ];
  for (const [path, pageCookie] of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(lighthouse(`${baseUrl}${path}`, pageCookie, outDir));
    const pick = (key) => median(results.map((result) => result[key]));
    console.log(
      `${path}: performance ${pick('score')} (runs: ${results.map((r) => r.score).join(', ')}), LCP ${Math.round(pick('lcp'))} ms, ` +
        `CLS ${pick('cls').toFixed(3)}, TBT ${Math.round(pick('tbt'))} ms (P6: ≥ 95, CLS ≤ 0.1, TBT ≤ 200 ms)`,
    );
  }
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
