import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerRenderRequest } from './shell.ssr';
import { createRenderPool, defaultPoolSize, RenderShedError, type RenderPool } from './render-pool';
import { renderWithinBudget } from './shell.ssr';

/**
 * A built SSR bundle for the pool: `busy=N` keeps its thread busy N ms (a render's CPU work), `stuck` never
 * gives its thread back (an endless loop in web code), `wait=N` awaits N ms and honours the abort signal.
 */
const BUNDLE = `
export async function render(request, { signal } = {}) {
  const url = new URL(request.url, 'http://x');
  if (url.searchParams.has('stuck')) for (;;) {}
  const busy = Number(url.searchParams.get('busy') ?? 0);
  const until = Date.now() + busy;
  while (Date.now() < until) {}
  const wait = Number(url.searchParams.get('wait') ?? 0);
  if (wait > 0) {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, wait);
      signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); });
    });
  }
  return '<p>' + url.pathname + '</p>';
}
`;

function request(url: string): ServerRenderRequest {
  return { url, bootData: {} as ServerRenderRequest['bootData'], viewport: 'desktop', sanitizedHtml: new Map() };
}

function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

describe('render pool', () => {
  let dir: string;
  let entry: string;
  let pool: RenderPool | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'careers-pool-'));
    entry = join(dir, 'entry-server.mjs');
    writeFileSync(entry, BUNDLE);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('sizes itself from the cores: one per core beyond the HTTP thread, 1–4', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(4)).toBe(3);
    expect(defaultPoolSize(64)).toBe(4);
  });

  it('renders on its threads, several at once', async () => {
    const { log } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 5000, size: 2 });
    const pages = await Promise.all(['/a', '/b', '/c', '/d'].map((url) => pool!.render(request(url))));
    expect(pages).toEqual(['<p>/a</p>', '<p>/b</p>', '<p>/c</p>', '<p>/d</p>']);
    expect(pool.stats()).toMatchObject({ size: 2, rendered: 4, busy: 0, queued: 0, shed: 0 });
  });

  it('sheds at once, without an error, when the queue is too deep to render within the budget', async () => {
    const { log, lines } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 250, size: 1 });
    await pool.render(request('/warm'));
    // Teach the pool what a render costs here: ≥ 100 ms (its moving average passes 80 ms after eight), so
    // within 80 % of 250 ms a page may wait behind at most two.
    for (let i = 0; i < 8; i++) await pool.render(request('/slow?busy=100'));
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        renderWithinBudget(pool!, request(`/page-${i}?busy=100`), 250, log).then((result) => ({ ...result, ms: performance.now() - started })),
      ),
    );
    const shed = outcomes.filter((outcome) => outcome.outcome === 'shed');
    // One running and at most two waiting: the other seven (or more) are shed…
    expect(shed.length).toBeGreaterThanOrEqual(7);
    // …at once: a shed page does not wait out the budget (generous bound: the machine may be busy).
    for (const outcome of shed) expect(outcome.ms).toBeLessThan(125);
    expect(pool.stats().shed).toBe(shed.length);
    // No error for any of them; a shed page is not even a warning (a debug line and the counter).
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const shedLines = lines.filter((line) => line.msg.includes('shed'));
    expect(shedLines).toHaveLength(shed.length);
    for (const line of shedLines) expect(line.level).toBe(20);
  });

  it('cancels a render its page stopped waiting for, and frees the thread for the next one', async () => {
    const { log } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 250, size: 1, stuckMs: 2000 });
    await pool.render(request('/warm'));
    const controller = new AbortController();
    const waiting = pool.render(request('/long?wait=60000'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('budget')), 50);
    await expect(waiting).rejects.toThrow('budget');
    const started = performance.now();
    expect(await pool.render(request('/next'))).toBe('<p>/next</p>');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(pool.stats().stuck).toBe(0);
  });

  it('ends a truly stuck render, logs it once, and renders the next pages on a new thread', async () => {
    const { log, lines } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 250, size: 1, stuckMs: 300 });
    await pool.render(request('/warm'));
    await expect(pool.render(request('/loop?stuck'))).rejects.toThrow('longer than 300 ms');
    expect(await pool.render(request('/after'))).toBe('<p>/after</p>');
    expect(pool.stats()).toMatchObject({ stuck: 1, busy: 0 });
    expect(lines.filter((line) => line.msg.includes('stuck'))).toHaveLength(1);
  });

  it('does not call a busy render stuck: only a thread held past stuckMs is ended', async () => {
    const { log, lines } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 5000, size: 1, stuckMs: 1000 });
    await pool.render(request('/warm'));
    // Six renders of 200 ms each, queued together: 1.2 s in all, none of them past 1 s on its own.
    const pages = await Promise.all(Array.from({ length: 6 }, (_, i) => pool!.render(request(`/p${i}?busy=200`))));
    expect(pages).toHaveLength(6);
    expect(pool.stats().stuck).toBe(0);
    expect(lines.filter((line) => line.msg.includes('stuck'))).toEqual([]);
  });

  it('refuses with RenderShedError once closed', async () => {
    const { log } = recordingLog();
    pool = createRenderPool({ entry, log, budgetMs: 250, size: 1 });
    await pool.close();
    await expect(pool.render(request('/x'))).rejects.toBeInstanceOf(RenderShedError);
  });
});
