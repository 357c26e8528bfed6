#!/usr/bin/env node
// Issue 9 "bench/": input latency in a 150-field stepper form under 4× CPU throttling (goal: median < 16 ms).
// The real apply page of the built app, signed in as Ada; the apply_form answer is replaced (Playwright route)
// by a definition built here: 10 sections × 15 fields (text, textarea, email, number, select, checkbox), all
// required, so each step counts its errors. The baselines in the same run: the same page with a 15-field form,
// and the methods' floor: one bare <input> on a blank page (no app).
// Two measures, both medians at the throttle, one keystroke every 150 ms (typing speed) into the last field:
// - keystroke → frame on screen (the figure the goal is read on): 50 keystrokes are traced and each keydown's
//   Event Timing duration is read from the trace, unrounded: from the key's hardware timestamp to the
//   presentation of the frame that shows it, the span INP measures (the page's own PerformanceObserver rounds
//   to 8 ms and reports nothing under 16 ms, so it cannot read this goal).
// - keydown → rAF → task (the earlier method, kept for comparison with earlier sessions): 50 keystrokes, each
//   timed by the page from keydown to a task posted from the next animation frame. Its end waits for every task
//   queued ahead of it, so it also counts what follows the frame: the keyup's handlers and Chromium's autofill
//   scan of the whole <form> on each text change (a task over every field, after the frame is drawn).
// --breakdown: each traced keystroke's main-thread time split by kind (the key events, which hold the page's
// handlers and the browser's own text editing; the page's JS after them; the autofill scan; style, layout,
// pre-paint, paint, layerize, commit): where a keystroke's time goes.
// Usage: npm run build && node bench/form-input-latency.mjs [--keys 50] [--throttle 4] [--breakdown]
/* global window, document, requestAnimationFrame -- the evaluate callbacks run in the page */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, signIn } from './browser.mjs';
import { median, startServer, stopServer } from './lib.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : Number(process.argv[index + 1]);
};
const KEYS = option('--keys', 50);
const THROTTLE = option('--throttle', 4);
const isBreakingDown = process.argv.includes('--breakdown');
const TYPES = ['text', 'textarea', 'email', 'number', 'select', 'text', 'checkbox', 'text', 'textarea', 'text', 'email', 'number', 'text', 'select', 'text'];

/** A form of `fields` fields in sections of 15, the last one a text field (the one typed into). */
function definition(fields) {
  const sections = [];
  for (let index = 0; index < fields; index += 1) {
    const sectionIndex = Math.floor(index / 15);
    sections[sectionIndex] ??= { id: `s${sectionIndex}`, title: `Section ${sectionIndex + 1}`, items: [] };
    const type = index === fields - 1 ? 'text' : TYPES[index % TYPES.length];
    const item = { name: `field_${index}`, label: `Question ${index + 1}`, type, required: true };
    if (type === 'select') item.selectOptions = { choices: [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }] };
    if (type === 'email') item.rules = [{ type: 'email' }];
    if (type === 'text') item.rules = [{ type: 'maxLength', value: 500 }];
    sections[sectionIndex].items.push(item);
  }
  return { sections };
}

/** Installs the keydown → next frame → task timer in the page. */
function startTimer(page) {
  return page.evaluate(() => {
    window.__latencies = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => window.__latencies.push(performance.now() - started), 0));
      },
      true,
    );
  });
}

const TYPED = 'the quick brown fox jumps over the lazy dog again!'.slice(0, KEYS).padEnd(KEYS, 'x');

/** Types TYPED one key every 150 ms at the throttle; returns the latencies. */
async function typeAndTime(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  for (const character of TYPED) {
    await page.keyboard.type(character);
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(500);
  const latencies = await page.evaluate(() => window.__latencies);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return latencies;
}

const TRACED_KEYS = 50;

/**
 * Traces TRACED_KEYS keystrokes at the throttle: each keydown's Event Timing duration (keystroke → frame on
 * screen) and, with --breakdown, the main-thread time of one keystroke by kind.
 */
async function traceKeystrokes(browser, context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  for (let key = 0; key < TRACED_KEYS; key += 1) {
    await page.keyboard.type('z');
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(300);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const events = trace.traceEvents ?? trace;
  const toScreen = events
    .filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data?.type === 'keydown')
    .map((e) => e.args.data.duration);
  if (toScreen.length < TRACED_KEYS) throw new Error(`the trace holds ${toScreen.length} keydown timings, not ${TRACED_KEYS}`);
  if (!isBreakingDown) return { toScreen, perKeystroke: null };
  const threads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`));
  const perKey = (filter) => onMain.filter(filter).reduce((total, e) => total + e.dur / 1000, 0) / TRACED_KEYS;
  // Key events nest (keypress holds the text insertion, which holds input): keydown, keypress and keyup only.
  const kinds = [
    ['all tasks', (e) => e.name === 'RunTask'],
    ['key events', (e) => e.name === 'EventDispatch' && ['keydown', 'keypress', 'keyup'].includes(e.args?.data?.type)],
    ['page JS after them', (e) => e.name === 'FunctionCall' || e.name === 'TimerFire'],
    ['autofill scan', (e) => e.name === 'ThreadControllerImpl::RunTask' && e.args?.src_func === 'FormControlDidChange'],
    ['style', (e) => e.name === 'UpdateLayoutTree'],
    ['layout', (e) => e.name === 'Layout'],
    ['pre-paint', (e) => e.name === 'PrePaint'],
    ['paint', (e) => e.name === 'Paint'],
    ['layerize', (e) => e.name === 'Layerize'],
    ['commit', (e) => e.name === 'Commit'],
  ];
  return { toScreen, perKeystroke: kinds.map(([name, filter]) => `${name} ${perKey(filter).toFixed(1)}`).join(', ') };
}

/** The floor: the same timer on a bare input, no app at all. */
async function measureFloor(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.setContent('<!doctype html><html lang="en"><body><label>Bare <input id="bare"></label></body></html>');
  await page.focus('#bare');
  await startTimer(page);
  const latencies = await typeAndTime(context, page);
  const traced = await traceKeystrokes(browser, context, page);
  await context.close();
  return { latencies, ...traced };
}

async function measure(browser, baseUrl, fields) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signIn(context, baseUrl, 'ada@acme.example', 'lovelace-demo-1');
  const page = await context.newPage();
  const form = definition(fields);
  await page.route('**/api/pcsx/apply_form*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        data: {
          positions: [{ id: 1, name: 'Bench Engineer', archived_at: null, department: 'Bench', location: 'Remote' }],
          invalidPositionIds: [],
          alreadyAppliedPositionIds: [],
          form,
          values: {},
          prefilledFrom: {},
          draftUpdatedAt: null,
          loggedOutApply: false,
        },
      }),
    }),
  );
  // Autosave answers without touching the database: the bench times typing, not the draft's round trip.
  await page.route('**/api/pcsx/draft_applications*', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ data: { updated_at: new Date().toISOString() } }) }));
  await page.goto(`${baseUrl}/careers/apply?pid=1`, { waitUntil: 'networkidle', timeout: 120_000 });
  const last = page.getByLabel(`Question ${fields}`, { exact: false }).last();
  await last.waitFor({ timeout: 60_000 });
  await last.scrollIntoViewIfNeeded();
  await last.focus();
  await startTimer(page);
  const latencies = await typeAndTime(context, page);
  const typed = await last.inputValue();
  const traced = await traceKeystrokes(browser, context, page);
  await context.close();
  if (typed !== TYPED) throw new Error(`the field holds ${JSON.stringify(typed)}, not what was typed`);
  return { latencies, ...traced };
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-'));
const { child, baseUrl } = await startServer({ dataDir, env: { SEED_DEMO: '1' }, readyTimeoutMs: 300_000 });
const browser = await launchChromium();
try {
  for (const fields of [0, 15, 150]) {
    const { latencies, toScreen, perKeystroke } = fields === 0 ? await measureFloor(browser) : await measure(browser, baseUrl, fields);
    const sorted = [...latencies].sort((a, b) => a - b);
    const what = fields === 0 ? 'floor: a bare <input> on a blank page' : `${fields}-field stepper, into the last field`;
    const role = fields === 150 ? '(goal < 16 ms)' : '(baseline)';
    console.log(`${what}, at ${THROTTLE}× CPU; load average ${loadavg()[0].toFixed(1)} (nproc ${cpus().length})`);
    console.log(`  keystroke → frame on screen (Event Timing, ${toScreen.length} keys): median ${median(toScreen).toFixed(1)} ms ${role}`);
    console.log(
      `  keydown → rAF → task (${latencies.length} keys): median ${median(latencies).toFixed(1)} ms, ` +
        `p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`,
    );
    if (perKeystroke) console.log(`  main-thread ms per keystroke: ${perKeystroke}`);
  }
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
