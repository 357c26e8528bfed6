#!/usr/bin/env node
// P11 (issue 8 §3): server-rendered pages at 50 concurrent connections against bare Fastify in the same run.
// Pages: one job page (/careers/job/{id}) and the first page of a search (/careers?query=engineer), as an
// anonymous visitor carrying the cookies the site set (a browser does) and a desktop user agent. Every
// response is checked for its first screen: the `x-ssr` header the shell sends (rendered | cached | shed |
// timeout | failed | none) is counted, and the body's `<div id="root">` must not be empty.
// `--rotate N` adds a run over N different job pages (most of them not yet rendered: the pool and shedding).
// Usage:
//   npm run build && node bench/pages-under-load.mjs [--connections 50] [--seconds 10] [--rounds 3] [--rotate 0]
//     [--port 3300] [--bare-port 3301]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, root, startServer, stopServer, waitFor } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const connections = arg('connections', 50);
const duration = arg('seconds', 10);
const rounds = arg('rounds', 3);
const rotate = arg('rotate', 0);
const appPort = arg('port', undefined);
const barePort = arg('bare-port', undefined) ?? (await freePort());
const DESKTOP_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The rendered root: `<div id="root">` followed by markup, not directly by its closing tag. */
const RENDERED_ROOT = /<div id="root">\s*<[a-z]/;

function load(url, { paths, headers, check } = {}) {
  let next = 0;
  const requests = paths || check
    ? [{
        ...(paths ? { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) } : {}),
        ...(check ? { onResponse: (status, body, _context, responseHeaders) => check(status, body, responseHeaders) } : {}),
      }]
    : undefined;
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, headers, requests }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

function pageChecker() {
  const counts = { responses: 0, withFirstScreen: 0, withoutFirstScreen: 0, ssr: {} };
  const check = (status, body, headers) => {
    counts.responses += 1;
    const ssr = headers?.['x-ssr'] ?? 'missing';
    counts.ssr[ssr] = (counts.ssr[ssr] ?? 0) + 1;
    // A gzipped body cannot be read here (autocannon decodes it as text): its first screen is what its
    // x-ssr says (only rendered pages are shared), and one was inflated and read before the load.
    const hasFirstScreen = headers?.['content-encoding'] === 'gzip' ? ssr === 'rendered' || ssr === 'cached' : RENDERED_ROOT.test(body);
    if (status === 200 && hasFirstScreen) counts.withFirstScreen += 1;
    else counts.withoutFirstScreen += 1;
  };
  return { counts, check };
}

async function measure(name, baseUrl, paths, headers, { pages = true } = {}) {
  const rps = [];
  const p50 = [];
  const p99 = [];
  let errors = 0;
  const totals = { responses: 0, withFirstScreen: 0, withoutFirstScreen: 0, ssr: {} };
  for (let round = 0; round < rounds; round++) {
    const { counts, check } = pageChecker();
    const result = await load(baseUrl, { paths, headers, check: pages ? check : undefined });
    rps.push(result.requests.average);
    p50.push(result.latency.p50);
    p99.push(result.latency.p99);
    errors += result.non2xx + result.errors + result.timeouts;
    totals.responses += counts.responses;
    totals.withFirstScreen += counts.withFirstScreen;
    totals.withoutFirstScreen += counts.withoutFirstScreen;
    for (const [key, value] of Object.entries(counts.ssr)) totals.ssr[key] = (totals.ssr[key] ?? 0) + value;
  }
  const figures = `${name}: ${Math.round(median(rps))} req/s, p50 ${median(p50)} ms, p99 ${median(p99)} ms (median of ${rounds}; rounds ${rps.map(Math.round).join('/')} req/s, p99 ${p99.join('/')} ms); non-2xx/errors ${errors}`;
  console.log(pages ? `${figures}; ${totals.responses} pages: ${totals.withoutFirstScreen} without their first screen; x-ssr ${JSON.stringify(totals.ssr)}` : figures);
  return median(rps);
}

console.log(`host: nproc ${cpus().length}; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (before)`);
const bare = spawn(process.execPath, ['bench/bare-server.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: String(barePort) } });
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitFor(`${bareUrl}/readyz`);

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-pages-'));
try {
  const { child, baseUrl } = await startServer({ dataDir, port: appPort });
  try {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const ids = [...sitemap.matchAll(/\/careers\/job\/(\d+)/g)].map((match) => match[1]);
    if (ids.length === 0) throw new Error('no open positions in the sitemap');
    const jobPage = `/careers/job/${ids[0]}`;
    const searchPage = '/careers?query=engineer';
    // A browser carries the cookie its first page set (the anonymous CSRF secret), and so does the load.
    const first = await fetch(`${baseUrl}${jobPage}`, { headers: { 'user-agent': DESKTOP_AGENT } });
    const cookie = first.headers.getSetCookie().map((entry) => entry.split(';')[0]).join('; ');
    const headers = { 'user-agent': DESKTOP_AGENT, ...(cookie ? { cookie } : {}) };
    // Let the render threads load every screen (the server warms them in the background at start).
    for (const path of [jobPage, searchPage]) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const body = await (await fetch(`${baseUrl}${path}`, { headers })).text();
        if (RENDERED_ROOT.test(body)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    console.log(`${connections} connections, ${duration} s per round, ${ids.length} open positions (demo seed, SQLite)`);
    const bareRps = await measure('bare Fastify /fixed', `${bareUrl}/fixed`, undefined, undefined, { pages: false });
    const jobRps = await measure(`job page ${jobPage}`, baseUrl, [jobPage], headers);
    const searchRps = await measure(`search page ${searchPage}`, baseUrl, [searchPage], headers);
    console.log(`of bare Fastify: job page ${((jobRps / bareRps) * 100).toFixed(1)}%, search page ${((searchRps / bareRps) * 100).toFixed(1)}%`);
    // As browsers ask for pages: gzip accepted. Check one inflated page of each first (fetch inflates it).
    const gzipHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
    for (const path of [jobPage, searchPage]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: gzipHeaders });
      if (response.headers.get('content-encoding') !== 'gzip' || !RENDERED_ROOT.test(await response.text())) throw new Error(`${path}: no gzipped page with its first screen`);
    }
    const jobGzipRps = await measure(`job page ${jobPage}, gzip`, baseUrl, [jobPage], gzipHeaders);
    const searchGzipRps = await measure(`search page ${searchPage}, gzip`, baseUrl, [searchPage], gzipHeaders);
    console.log(`gzip, of bare Fastify: job page ${((jobGzipRps / bareRps) * 100).toFixed(1)}%, search page ${((searchGzipRps / bareRps) * 100).toFixed(1)}%`);
    if (rotate > 0) await measure(`${Math.min(rotate, ids.length)} different job pages, in turn`, baseUrl, ids.slice(0, rotate).map((id) => `/careers/job/${id}`), headers);
    console.log(`host: load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} (after)`);
  } finally {
    await stopServer(child);
  }
} finally {
  await stopServer(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
