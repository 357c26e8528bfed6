// Issue 12: 5,000 open notification streams (server-sent events) held by one process — its memory per stream,
// and how long events take to reach them: (a) one candidate's event while all 5,000 are open, (b) a burst
// where every one of the 1,000 candidates gets an event at once (5 streams each: the per-candidate cap).
// Loopback only, bounded (5,000 streams, 1,000 candidates), on a fresh demo database.
//
//   node bench/notification-streams.mjs [--streams 5000]
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, root, rssOf, startServer, stopServer } from './lib.mjs';

const streamsWanted = Number(process.argv[process.argv.indexOf('--streams') + 1] || 5000) || 5000;
const PER_CANDIDATE = 5;
const candidates = Math.ceil(streamsWanted / PER_CANDIDATE);
const require = createRequire(join(root, 'package.json'));
const Database = require('better-sqlite3');

const dataDir = mkdtempSync(join(tmpdir(), 'careers-bench-streams-'));
const { child, baseUrl } = await startServer({ dataDir, readyTimeoutMs: 180_000 });
const { port } = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const open = [];
try {
  // Candidates and their sessions written straight into the database (sign-ups would spend minutes in scrypt).
  const secret = readFileSync(join(dataDir, 'session-secret'), 'utf8').trim();
  const db = new Database(join(dataDir, 'careers.sqlite'));
  const tenantId = db.prepare("select id from tenants where domain = 'acme.example'").get().id;
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const people = [];
  db.transaction(() => {
    const candidate = db.prepare(
      'insert into candidates (id, tenant_id, email, password_hash, first_name, last_name, location, avatar_path, is_admin, is_theme_builder_user, is_onboarded, is_bootstrapped, created_at, updated_at) values (?, ?, ?, ?, ?, ?, null, null, 0, 0, 1, 1, ?, ?)',
    );
    const session = db.prepare(
      'insert into sessions (id_hash, public_id, tenant_id, candidate_id, csrf_secret, created_at, last_seen_at, expires_at, user_agent, ip) values (?, ?, ?, ?, ?, ?, ?, ?, null, null)',
    );
    for (let index = 0; index < candidates; index += 1) {
      const id = randomUUID();
      const cookie = randomBytes(32).toString('base64url');
      const csrfSecret = randomBytes(16).toString('base64url');
      candidate.run(id, tenantId, `stream-${index}@bench.example`, 'scrypt$bench', 'Stream', String(index), now, now);
      session.run(createHash('sha256').update(cookie).digest('hex'), randomBytes(9).toString('base64url'), tenantId, id, csrfSecret, now, now, later);
      people.push({ cookie, csrf: createHmac('sha256', secret).update(csrfSecret).digest('base64url'), badges: [] });
    }
  })();
  db.close();

  const openStream = (person) =>
    new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/api/pcsx/notifications/stream', agent, headers: { cookie: `cp_sid=${person.cookie}`, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream ${response.statusCode}`));
        const stream = { person, response, events: 0, waiters: [] };
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (message.includes('event: badge')) {
              stream.events += 1;
              if (stream.events === 1) resolve(stream);
              for (const waiter of stream.waiters.splice(0)) waiter(performance.now());
            }
          }
        });
      });
      request.on('error', reject);
      open.push(request);
    });
  const started = performance.now();
  const streams = [];
  // Memory per stream: the growth from the first 400 streams (warmed up, settled) to all of them.
  const WARM = Math.min(400, streamsWanted);
  let rssBefore = 0;
  for (let index = 0; index < streamsWanted; index += 200) {
    if (index === WARM) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      rssBefore = await rssOf(child.pid);
    }
    const slice = [];
    for (let at = index; at < Math.min(index + 200, streamsWanted); at += 1) slice.push(openStream(people[at % candidates]));
    streams.push(...(await Promise.all(slice)));
  }
  const openMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssAfter = await rssOf(child.pid);
  const nextEvent = (stream) => new Promise((resolve) => stream.waiters.push(resolve));
  const markViewed = (person) =>
    fetch(`${baseUrl}/api/pcsx/notifications/mark_all_viewed`, { method: 'POST', headers: { cookie: `cp_sid=${person.cookie}`, 'x-csrf-token': person.csrf, 'content-type': 'application/json' }, body: '{}' }).then((response) => {
      if (response.status !== 200) throw new Error(`mark_all_viewed ${response.status}`);
    });

  // (a) One candidate's event among 5,000 open streams: 20 rounds.
  const single = [];
  for (let round = 0; round < 20; round += 1) {
    const person = people[round];
    const mine = streams.filter((stream) => stream.person === person);
    const sent = performance.now();
    const arrivals = mine.map(nextEvent);
    await markViewed(person);
    const times = await Promise.all(arrivals);
    single.push(Math.max(...times) - sent);
  }

  // (b) Every candidate at once: 1,000 events, 5,000 stream writes.
  const burstStart = performance.now();
  const arrivals = streams.map(nextEvent);
  await Promise.all(people.map(markViewed));
  const last = Math.max(...(await Promise.all(arrivals)));
  const burstMs = last - burstStart;

  console.log(JSON.stringify({
    streams: streams.length,
    candidates,
    openAllMs: Math.round(openMs),
    rssAt400StreamsMb: rssBefore,
    rssAfterMb: rssAfter,
    kbPerStream: Math.round(((rssAfter - rssBefore) * 1024 * 10) / (streams.length - WARM)) / 10,
    oneCandidateEventMedianMs: Math.round(median(single) * 10) / 10,
    burstAllCandidatesMs: Math.round(burstMs),
    loadAverage: loadavg().map((value) => value.toFixed(2)).join(' '),
  }));
} finally {
  for (const request of open) request.destroy();
  agent.destroy();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
