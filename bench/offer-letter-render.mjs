#!/usr/bin/env node
// Issue 4: time to render the first page of a 10-page offer letter in headless Chromium — from navigation
// to the offer letter page until pdf.js has drawn page 1 (its canvas is painted), signed in as Ada, each
// run in a fresh context (cold cache, so the lazy PDF viewer and its worker are fetched every time).
// Usage: npm run build && node bench/offer-letter-render.mjs [--runs 10]
/* global document, HTMLCanvasElement -- the waitForFunction callback runs in the page */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, percentile, signIn } from './browser.mjs';
import { median, root, startServer, stopServer } from './lib.mjs';

const at = process.argv.indexOf('--runs');
const runs = at > 0 ? Number(process.argv[at + 1]) : 10;

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', '200', '--bench-offers', '1'], {
  cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir },
});
if (seeded.status !== 0) process.exit(1);
const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '0' } });
const browser = await launchChromium();
try {
  const times = [];
  for (let run = 0; run < runs + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, baseUrl, 'ada@acme.example', 'lovelace-demo-1');
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${baseUrl}/careers/offer/offer-bench-00001/offer-document/doc-bench-00001`, { waitUntil: 'commit' });
    await page.locator('.react-pdf__Page canvas').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(() => {
      const canvas = document.querySelector('.react-pdf__Page canvas');
      return canvas instanceof HTMLCanvasElement && canvas.width > 0 && canvas.height > 0;
    });
    const elapsed = Date.now() - started;
    if (run > 0) times.push(elapsed);
    await context.close();
  }
  console.log(`first page of a 10-page letter drawn: median ${median(times)} ms, p95 ${percentile(times, 95)} ms, min ${Math.min(...times)} ms over ${runs} runs`);
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
