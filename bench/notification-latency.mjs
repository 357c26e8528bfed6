// P8 (issue 12): an offer extended through the employer API → the bell's badge changed in an open page,
// through the live stream (server-sent events), without a reload. 20 rounds on a fresh demo database; median
// and p95. The baseline is the spec's own mechanism, the badge polled every 5 minutes (§9): an event waits
// for the next poll, uniformly 0–300 s (median 150 s, p95 285 s).
//
//   node bench/notification-latency.mjs [--rounds 20]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { launchChromium, percentile, signIn } from './browser.mjs';
import { median, root, startServer, stopServer } from './lib.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 20) || 20;
const require = createRequire(join(root, 'package.json'));
const { PDFDocument } = require('pdf-lib');

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-notify-'));
const { child, baseUrl } = await startServer({ dataDir, readyTimeoutMs: 180_000 });
const browser = await launchChromium();
try {
  const created = spawnSync(process.execPath, ['apps/server/dist/careers.js', 'apikey', 'create', '--tenant', 'acme.example', '--name', 'bench'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const key = /cpk_\S+/.exec(created.stdout)?.[0];
  if (!key) throw new Error(`no API key: ${created.stderr}`);
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  const letter = Buffer.from(await pdf.save()).toString('base64');

  const context = await browser.newContext();
  await signIn(context, baseUrl, 'ada@acme.example', 'lovelace-demo-1');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/careers`);
  const bell = page.locator('button[aria-label^="Notifications, "]');
  await bell.waitFor();
  await page.waitForTimeout(1000);
  const search = await (await context.request.get(`${baseUrl}/api/pcsx/search?query=engineer`)).json();
  const positionId = search.positions[0].id;

  const samples = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = await bell.getAttribute('aria-label');
    const started = performance.now();
    const response = await context.request.post(`${baseUrl}/api/admin/v1/offers`, {
      headers: { authorization: `Bearer ${key}` },
      data: { candidate_email: 'ada@acme.example', position_id: positionId, expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), documents: [{ signing: 'inline', pdf_base64: letter }] },
    });
    if (response.status() !== 201) throw new Error(`extend failed: ${response.status()} ${await response.text()}`);
    await page.waitForFunction((previous) => globalThis.document.querySelector('button[aria-label^="Notifications, "]')?.getAttribute('aria-label') !== previous, before, { timeout: 30_000, polling: 'raf' });
    samples.push(performance.now() - started);
  }
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  console.log(JSON.stringify({
    rounds,
    medianMs: Math.round(median(samples) * 10) / 10,
    p95Ms: Math.round(percentile(samples, 95) * 10) / 10,
    maxMs: Math.round(Math.max(...samples) * 10) / 10,
    baselinePollMedianMs: 150_000,
    baselinePollP95Ms: 285_000,
    loadAverage: load,
  }));
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
