#!/usr/bin/env node
// Issue 4 figure: signing latency of a 10-page offer letter through the API — from sending the inline accept
// (typed signature) to the answer, which comes after the signed PDF (stamp + certificate page) is stored and
// committed with its evidence event. Sequential requests (concurrency 1) as one candidate signs, on fresh
// Extended offers seeded with `seed --bench-offers N` (no product route creates offers).
// Usage: node bench/offer-signing.mjs [--runs 30] [--warmup 3]   (after `npm run build`)
//        DATABASE_URL=postgres://… node bench/offer-signing.mjs   (PostgreSQL; the database must be empty)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root, startServer, stopServer } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 30);
const warmup = arg('warmup', 3);
const total = runs + warmup;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** A tiny cookie jar and CSRF token, as the browser keeps them. */
function session(baseUrl) {
  const cookies = new Map();
  let csrf = '';
  return async function request(path, init = {}) {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method && init.method !== 'GET') headers.set('x-csrf-token', csrf);
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    csrf = response.headers.get('x-csrf-token') ?? csrf;
    return response;
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-signing-'));
let server;
try {
  const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', '200', '--bench-offers', String(total)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error('seeding failed (is the database empty? did you run `npm run build`?)');
  server = await startServer({ dataDir, env: { SEED_DEMO: '0' } });
  const request = session(server.baseUrl);

  await request('/api/auth/me');
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@acme.example', password: 'lovelace-demo-1' }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);

  const times = [];
  let last;
  for (let index = 1; index <= total; index++) {
    const offerId = `offer-bench-${String(index).padStart(5, '0')}`;
    const form = new FormData();
    form.set('agreed', 'true');
    form.set('signature', 'Ada Lovelace');
    const started = performance.now();
    const response = await request(`/api/offer/offers/${offerId}/accept`, { method: 'POST', body: form });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`accept ${offerId}: ${response.status} ${JSON.stringify(body)}`);
    if (index > warmup) times.push(elapsed);
    last = { offerId, body };
  }

  // The stored file is the signed 10-page letter plus its certificate page, and its hash is the receipt's.
  const documentId = last.body.receipt.document_id;
  const download = await request(`/api/offer/offers/${last.offerId}/${documentId}/download`);
  const signed = Buffer.from(await download.arrayBuffer());
  const sha256 = createHash('sha256').update(signed).digest('hex');
  if (sha256 !== last.body.receipt.document_sha256) throw new Error('downloaded PDF does not match the receipt');

  const round = (ms) => Math.round(ms * 10) / 10;
  console.log(
    `offer signing, 10-page letter (signed file ${Math.round(signed.length / 1024)} KB), ` +
      `${runs} sequential inline accepts after ${warmup} warm-up: median ${round(median(times))} ms, ` +
      `p95 ${round(percentile(times, 95))} ms, min ${round(Math.min(...times))} ms, max ${round(Math.max(...times))} ms` +
      ` (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
  );
} finally {
  if (server) await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
