#!/usr/bin/env node
// Issue 8 §1 figure: PDF decompression bombs posted as signed offer letters while /healthz is polled.
// Target: /healthz p99 < 100 ms while 4 bombs are checked in parallel, each bomb refused in < 1 s.
// Four candidates (Ada, Grace, Charles of Acme; Hank of Globex) each post a ~1 MB PDF whose one object stream
// inflates to 1 GB to /api/offer/offers/{id}/accept, all at once, for --rounds rounds (one check per candidate
// at a time, so the four run in parallel). Charles has no demo offer: Ada's upload offer is copied to him in the
// SQLite file after seeding.
// Usage: node bench/pdf-bomb.mjs [--rounds 3] [--port 3150] [--megabytes 1024]   (after `npm run build`)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import { root, startServer, stopServer } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rounds = arg('rounds', 3);
const port = arg('port', 3150);
const megabytes = arg('megabytes', 1024);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// The bomb, as apps/server/src/modules/offers/pdf-bomb.test-support.ts builds it: 1 MB of zeros deflated and
// ended with a full flush is a self-contained run of deflate blocks; N runs inflate to N MB.
function pdfBomb(inflatedMegabytes) {
  const run = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((inflatedMegabytes * 1024 * 1024) % 65521) * 65536 + 1) >>> 0);
  const data = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: inflatedMegabytes }, () => run), Buffer.from([0x03, 0x00]), adler]);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>',
    `<< /Type /ObjStm /N 1 /First 8 /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString('latin1')}\nendstream`,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A cookie jar and CSRF token per candidate, as a browser keeps them. */
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

const CANDIDATES = [
  { email: 'ada@acme.example', password: 'lovelace-demo-1', offerId: 'offer-ada-upload', domain: '' },
  { email: 'grace@acme.example', password: 'hopper-demo-1', offerId: 'offer-grace-extended', domain: '' },
  { email: 'admin@acme.example', password: 'babbage-demo-1', offerId: 'offer-bench-bomb-charles', domain: '' },
  { email: 'hank@globex.example', password: 'scorpio-demo-1', offerId: 'offer-hank-extended', domain: 'globex.example' },
];

/** Gives Charles a copy of Ada's upload offer (no demo offer is his). */
function copyOfferToCharles(dataDir) {
  const require = createRequire(join(root, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(join(dataDir, 'careers.sqlite'));
  try {
    const charles = db.prepare("select id from candidates where email = 'admin@acme.example'").get();
    const offerColumns = db.prepare('pragma table_info(offers)').all().map((c) => c.name);
    const documentColumns = db.prepare('pragma table_info(offer_documents)').all().map((c) => c.name);
    const pick = (columns, replacements) => columns.map((c) => (c in replacements ? replacements[c] : c)).join(', ');
    db.prepare(`insert into offers (${offerColumns.join(', ')}) select ${pick(offerColumns, { id: "'offer-bench-bomb-charles'", candidate_id: '?' })} from offers where id = 'offer-ada-upload'`).run(charles.id);
    db.prepare(`insert into offer_documents (${documentColumns.join(', ')}) select ${pick(documentColumns, { id: "id || '-charles'", offer_id: "'offer-bench-bomb-charles'" })} from offer_documents where offer_id = 'offer-ada-upload'`).run();
  } finally {
    db.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-bomb-'));
let child;
try {
  const seeded = spawnSync(process.execPath, ['apps/server/dist/seed.js', '--positions', '200'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error('seeding failed (did you run `npm run build`?)');
  copyOfferToCharles(dataDir);
  // Seeded above (with Charles's copied offer): the server must not seed again.
  const server = await startServer({ dataDir, port, env: { SEED_DEMO: '0' } });
  child = server.child;
  const { baseUrl } = server;

  const signedIn = [];
  for (const candidate of CANDIDATES) {
    const request = session(baseUrl);
    const query = candidate.domain ? `?domain=${candidate.domain}` : '';
    await request(`/api/auth/me${query}`);
    const login = await request(`/api/auth/login${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: candidate.email, password: candidate.password }),
    });
    if (login.status !== 200) throw new Error(`sign-in ${candidate.email}: ${login.status}`);
    signedIn.push({ ...candidate, request, query });
  }

  const bomb = pdfBomb(megabytes);
  const upload = async ({ request, offerId, query }) => {
    const form = new FormData();
    form.set('signed_offer_letter_pdf_file', new Blob([bomb], { type: 'application/pdf' }), 'signed-offer.pdf');
    const started = performance.now();
    const response = await request(`/api/offer/offers/${offerId}/accept${query}`, { method: 'POST', body: form });
    const body = await response.json();
    return { status: response.status, code: body?.error?.code ?? 'ok', ms: performance.now() - started };
  };

  // /healthz polled back to back, alone first, then while the bombs are checked.
  const pollHealth = (until) => {
    const times = [];
    const loop = (async () => {
      while (!until()) {
        const started = performance.now();
        await fetch(`${baseUrl}/healthz`).then((r) => r.arrayBuffer());
        times.push(performance.now() - started);
      }
      return times;
    })();
    return loop;
  };
  let quietDone = false;
  const quietPoll = pollHealth(() => quietDone);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  quietDone = true;
  const quiet = await quietPoll;

  // One warm-up round (threads start on the first upload), not counted.
  await Promise.all(signedIn.map(upload));
  let busy = true;
  const busyPoll = pollHealth(() => !busy);
  const refusals = [];
  for (let round = 0; round < rounds; round++) refusals.push(...(await Promise.all(signedIn.map(upload))));
  busy = false;
  const loaded = await busyPoll;

  const counts = new Map();
  for (const r of refusals) counts.set(`${r.status} ${r.code}`, (counts.get(`${r.status} ${r.code}`) ?? 0) + 1);
  const statuses = [...counts].map(([k, n]) => `${k} ×${n}`);
  const refusalMs = refusals.map((r) => r.ms);
  console.log(`bomb: ${(bomb.length / 1048576).toFixed(2)} MB file, ${megabytes} MB inflated; ${rounds} rounds × ${signedIn.length} candidates in parallel`);
  console.log(`refusals: ${statuses.join(', ')}; time to refusal median ${percentile(refusalMs, 50).toFixed(0)} ms, max ${Math.max(...refusalMs).toFixed(0)} ms`);
  console.log(`/healthz alone: ${quiet.length} requests, p50 ${percentile(quiet, 50).toFixed(1)} ms, p99 ${percentile(quiet, 99).toFixed(1)} ms`);
  console.log(`/healthz during bombs: ${loaded.length} requests, p50 ${percentile(loaded, 50).toFixed(1)} ms, p99 ${percentile(loaded, 99).toFixed(1)} ms, max ${Math.max(...loaded).toFixed(1)} ms`);
  const ok = percentile(loaded, 99) < 100 && Math.max(...refusalMs) < 1000 && refusals.every((r) => r.status === 413 && r.code === 'payload_too_large');
  console.log(ok ? 'PASS: /healthz p99 < 100 ms, every bomb refused (413) in < 1 s' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  if (child) await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
