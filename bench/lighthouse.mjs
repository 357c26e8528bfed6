#!/usr/bin/env node
// P6: Lighthouse mobile performance (its default: simulated slow 4G and a 4× slower CPU) on /careers, a
// job page, /careers/offers, /careers/dashboard, the apply page and the profile (signed in as Ada through a session
// cookie), and /careers in ar and ja, on the demo data.
// Reports score, LCP, CLS and TBT per page, median of N runs.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3] [--only /careers] [--diagnose] [--keep DIR] [--port N]
//   --only PREFIX[,PREFIX…]  measure only the pages whose path starts with one of them (/careers/job, /careers/offers…)
//   --diagnose     also print each run's LCP element, LCP phases, long tasks and main-thread work by kind
//   --keep DIR     keep every report.json in DIR (open in the Lighthouse viewer for the full trace audits)
//   --cpu-slowdown N  Lighthouse's CPU slowdown instead of its default 4: a fast host stands in for a slower one
//                  by N = 4 × (its benchmarkIndex / the slower host's), e.g. 6 for an index of ~1,950 standing
//                  in for ~1,300 (the 2-core hosts of issue 8 §4 measured 1,280–1,690)
// Lighthouse is not a project dependency (one of its dependencies is pinned to "latest", which would break
// `npm ci` whenever it publishes): the script installs the pinned version into a cache folder on first use.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root, startServer, stopServer } from './lib.mjs';

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(option('--runs') ?? 3);
const only = option('--only');
const keepDir = option('--keep');
const isDiagnosing = process.argv.includes('--diagnose');
const cpuSlowdown = option('--cpu-slowdown');

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

/** Whether fontconfig knows a font for the language (Debian: the fonts-noto-cjk package for ja, ko, zh). */
function hasFontFor(language) {
  try {
    return execFileSync('fc-list', [`:lang=${language}`], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return true; // no fontconfig: nothing to say
  }
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

/** What Lighthouse says holds the first paint back: the LCP element and its phases, the long tasks. */
function diagnosis(report) {
  const lines = [];
  const element = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  for (const item of element) {
    for (const row of item.items ?? []) {
      if (row.node) lines.push(`  LCP element: ${row.node.nodeLabel} — ${row.node.snippet}`);
      if (row.phase) lines.push(`  LCP phase ${row.phase}: ${Math.round(row.timing)} ms`);
    }
  }
  for (const task of (report.audits['long-tasks']?.details?.items ?? []).slice(0, 6)) {
    lines.push(`  long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`);
  }
  const work = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  lines.push(`  main thread: ${work.map((row) => `${row.groupLabel} ${Math.round(row.duration)} ms`).join(', ')}`);
  for (const row of (report.audits['bootup-time']?.details?.items ?? []).slice(0, 5)) {
    lines.push(`  script ${row.url}: total ${Math.round(row.total)} ms, evaluation ${Math.round(row.scripting)} ms, parse ${Math.round(row.scriptParseCompile)} ms`);
  }
  return lines.join('\n');
}

let reportCount = 0;

function lighthouse(url, cookie, outDir) {
  const output = join(outDir, 'report.json');
  const args = [
    lighthouseCli(), url, '--quiet', '--only-categories=performance',
    '--output=json', `--output-path=${output}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  if (cpuSlowdown !== undefined) args.push(`--throttling.cpuSlowdownMultiplier=${Number(cpuSlowdown)}`);
  const runLighthouse = () => execFileSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    runLighthouse();
  } catch {
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a busy host: one more try, then give up.
    console.warn(`${new URL(url).pathname}: Lighthouse failed to record this run; trying once more`);
    runLighthouse();
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    reportCount += 1;
    copyFileSync(output, join(keepDir, `${reportCount}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`));
  }
  if (isDiagnosing) console.log(`${new URL(url).pathname}: score ${Math.round(report.categories.performance.score * 100)}\n${diagnosis(report)}`);
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue,
    cls: report.audits['cumulative-layout-shift'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    // Lighthouse's own measure of this machine's speed at the time of the run (issue 8 §4: a figure is
    // read beside it; ~1,300–1,700 on our 2-core machines), and the machine's load then.
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
    load: loadavg()[0],
  };
}

/** Asks for a page until its HTML comes back server-rendered (at most a few seconds); null: no SSR at all. */
async function warmUp(url, cookie) {
  let root = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    // A fresh connection each time: a kept-alive one, idle through a Lighthouse run (a minute or more on a
    // busy machine), may be closed by the server just as it is reused ("other side closed").
    const html = await (await fetch(url, { headers: { accept: 'text/html', connection: 'close', ...(cookie ? { cookie } : {}) } })).text();
    if (!html.includes('<div id="root">')) return null;
    root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="boot-data"/.exec(html)?.[1] ?? '';
    if (root !== '') return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
const outDir = mkdtempSync(join(tmpdir(), 'careers-lighthouse-'));
const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '1' }, port: option('--port') === undefined ? undefined : Number(option('--port')),
  // Seeding the demo takes over a minute on a machine as loaded as ours sometimes are.
  readyTimeoutMs: 300_000,
});
try {
  const cookie = await sessionCookie(baseUrl);
  const search = await (await fetch(`${baseUrl}/api/pcsx/search?query=engineer`)).json();
  const pages = [
    ['/careers', null],
    [`/careers/job/${search.positions[0].id}`, null],
    ['/careers/offers', cookie],
    // Issue 11: the candidate's dashboard (next steps and the applications tab).
    ['/careers/dashboard', cookie],
    // Issue 9: the apply page (P6 "each new page"), signed in as Ada, for the first job of the search.
    [`/careers/apply?pid=${search.positions[0].id}`, cookie],
    // Issue 11: the profile.
    ['/careers/profile', cookie],
    // Issue 13: P6 in every locale — right to left (ar) and the CJK fonts and catalogue (ja).
    ['/careers?hl=ar', null],
    ['/careers?hl=ja', null],
  ];
  for (const [path, pageCookie] of pages.filter(([path]) => !only || only.split(',').some((prefix) => path.startsWith(prefix)))) {
    // A server in steady state, as visitors meet it: the first requests after a start load the server
    // renderer's screens and sanitize the tenant's HTML, and may go out unrendered.
    const rendered = await warmUp(`${baseUrl}${path}`, pageCookie);
    const language = /[?&]hl=(ja|ko|zh)/.exec(path)?.[1];
    if (language && !hasFontFor(language)) console.log(`${path}: note: this host has no ${language} font (fc-list :lang=${language}); its text falls back character by character and shows as boxes`);
    if (rendered !== null) console.log(`${path}: server-rendered root ${rendered ? 'yes' : 'no'}`);
    const results = [];
    for (let run = 0; run < runs; run++) results.push(lighthouse(`${baseUrl}${path}`, pageCookie, outDir));
    const pick = (key) => median(results.map((result) => result[key]));
    console.log(
      `${path}: performance ${pick('score')} (runs: ${results.map((r) => r.score).join(', ')}), LCP ${Math.round(pick('lcp'))} ms, ` +
        `CLS ${pick('cls').toFixed(3)}, TBT ${Math.round(pick('tbt'))} ms (runs: ${results.map((r) => Math.round(r.tbt)).join(', ')}) (P6: ≥ 95, CLS ≤ 0.1, TBT ≤ 200 ms); ` +
        `benchmarkIndex ${results.map((r) => (r.benchmarkIndex === null ? '?' : Math.round(r.benchmarkIndex))).join(', ')}; ` +
        `load average ${results.map((r) => r.load.toFixed(1)).join(', ')} (nproc ${cpus().length})`,
    );
  }
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
