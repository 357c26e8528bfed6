import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CSRF_HEADER } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, manualClock, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, archivePosition } from '../search/search.fixtures';
import { SSR_HEADER } from './shell.routes';

/**
 * A built SSR bundle (plain .js: it runs in the render pool) that numbers its renders, so a test sees
 * whether a page was rendered for it or shared, and shows what it was given: the signed-in user's email
 * (personal data) and how many preloaded answers came with the page.
 */
const COUNTING_BUNDLE = `
let renders = 0;
export async function render(request) {
  renders += 1;
  const email = request.bootData.userStore?.user?.email ?? 'anonymous';
  const preloaded = (request.bootData.preloadedQueries ?? []).length;
  return '<p class="rendered" data-render="' + renders + '" data-user="' + email + '" data-preloaded="' + preloaded + '">' + request.url + '</p>';
}
`;

function renderNumber(html: string): number {
  const match = /data-render="(\d+)"/.exec(html);
  if (!match?.[1]) throw new Error('no rendered first screen');
  return Number(match[1]);
}

function metaToken(html: string): string | undefined {
  return /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1];
}

/** The first open position's id, as an anonymous visitor's search finds it. */
async function firstPositionId(app: FastifyInstance): Promise<number> {
  // Its own address: the suite allows one search per address and minute.
  const response = await app.inject({ method: 'GET', url: '/api/pcsx/search?start=0&num=1', remoteAddress: '10.8.8.8' });
  const id = response.json<{ positions: { id: number }[] }>().positions[0]?.id;
  if (id === undefined) throw new Error('no open position');
  return id;
}

forEachDatabase('HTML shell: anonymous pages shared from the page cache', (context) => {
  let app: FastifyInstance;
  let logs: string[];
  let bundleDir: string;
  let jobId: number;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    await seedForTests(context());
    bundleDir = mkdtempSync(join(tmpdir(), 'careers-page-cache-'));
    writeFileSync(join(bundleDir, 'entry-server.js'), COUNTING_BUNDLE);
    ({ app, logs } = await createTestApp(context(), {
      clock,
      config: { webSsrEntry: join(bundleDir, 'entry-server.js') },
      // One preloaded search per address and minute: enough to see a skipped preload.
      rateLimits: { searchPerMinute: 1 },
    }));
    jobId = await firstPositionId(app);
    // The pool's thread loads the bundle in the background: wait for the first rendered page.
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await app.inject({ method: 'GET', url: '/careers/warm-up', remoteAddress: '10.9.9.9' });
      if (response.headers[SSR_HEADER] === 'rendered') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await app.close();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('renders a job page once and serves it to the next anonymous visitors, each with their own CSRF token', async () => {
    const url = `/careers/job/${jobId}`;
    const first = await app.inject({ method: 'GET', url, remoteAddress: '10.0.0.1' });
    const second = await app.inject({ method: 'GET', url, remoteAddress: '10.0.0.2' });
    expect(first.headers[SSR_HEADER]).toBe('rendered');
    expect(second.headers[SSR_HEADER]).toBe('cached');
    expect(renderNumber(second.body)).toBe(renderNumber(first.body));
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    // Each visitor's page carries the token of the secret set for them, never the first visitor's.
    const [firstToken, secondToken] = [metaToken(first.body), metaToken(second.body)];
    expect(firstToken).toBe(first.headers[CSRF_HEADER]);
    expect(secondToken).toBe(second.headers[CSRF_HEADER]);
    expect(secondToken).not.toBe(firstToken);
    expect(second.body).not.toContain(firstToken);
    // The shared page is the first one with only the token changed.
    expect(second.body.replace(secondToken ?? '', 'TOKEN')).toBe(first.body.replace(firstToken ?? '', 'TOKEN'));
  });

  it('sends a shared page gzipped to clients that take gzip: the same page, each with their own token', async () => {
    const url = `/careers/job/${jobId}?gzip`;
    const plain = await app.inject({ method: 'GET', url, remoteAddress: '10.0.4.1' });
    const responses = await Promise.all(
      ['10.0.4.2', '10.0.4.3'].map((remoteAddress) => app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-encoding': 'gzip, deflate, br' } })),
    );
    for (const response of responses) {
      expect(response.headers[SSR_HEADER]).toBe('cached');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toContain('Accept-Encoding');
      const html = gunzipSync(response.rawPayload).toString();
      const token = metaToken(html);
      expect(token).toBe(response.headers[CSRF_HEADER]);
      expect(html.replace(token ?? '', 'TOKEN')).toBe(plain.body.replace(metaToken(plain.body) ?? '', 'TOKEN'));
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    // A client refusing gzip gets the page as it is.
    const refused = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<div id="root">');
  });

  it('renders a page once for visitors asking for it at the same time: they wait for that render, none is shed', async () => {
    const url = `/careers/job/${jobId}?together`;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => app.inject({ method: 'GET', url, remoteAddress: `10.0.3.${i}` })));
    const outcomes = responses.map((response) => response.headers[SSR_HEADER]);
    expect(outcomes.filter((outcome) => outcome === 'rendered')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'cached')).toHaveLength(19);
    expect(new Set(responses.map((response) => renderNumber(response.body))).size).toBe(1);
    // Each still with its own token.
    expect(new Set(responses.map((response) => metaToken(response.body))).size).toBe(20);
  });

  it('keeps pages apart by layout, language and address: each is rendered for itself', async () => {
    const url = `/careers/job/${jobId}`;
    await app.inject({ method: 'GET', url });
    const phone = await app.inject({ method: 'GET', url, headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(phone.headers[SSR_HEADER]).toBe('rendered');
    expect(phone.body).toContain('data-viewport="phone"');
    expect((await app.inject({ method: 'GET', url, headers: { 'sec-ch-ua-mobile': '?1' } })).headers[SSR_HEADER]).toBe('cached');
    const otherHost = await app.inject({ method: 'GET', url, headers: { host: 'careers.other.example' } });
    expect(otherHost.headers[SSR_HEADER]).toBe('rendered');
    // Issue 13: every language is rendered on the server (keys without a translation in English, one by one).
    const german = await app.inject({ method: 'GET', url: `${url}?hl=de` });
    expect(german.headers[SSR_HEADER]).toBe('rendered');
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect((await app.inject({ method: 'GET', url: `${url}?hl=de` })).headers[SSR_HEADER]).toBe('cached');
    // The same address in another browser language is another page (Accept-Language is in the key).
    const hebrew = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'he' } });
    expect(hebrew.headers[SSR_HEADER]).toBe('rendered');
    expect(hebrew.body).toContain('<html lang="he" dir="rtl">');
  });

  it("never serves a signed-in candidate a shared page, and never shares theirs", async () => {
    const url = `/careers/job/${jobId}?signed-in-test`;
    const ada = new TestClient(app, '10.0.1.1');
    expect((await ada.login(ADA)).statusCode).toBe(200);
    // An anonymous page is in the cache for this address…
    const anonymous = await app.inject({ method: 'GET', url, remoteAddress: '10.0.1.2' });
    expect(anonymous.headers[SSR_HEADER]).toBe('rendered');
    // …but the candidate gets her own, rendered for her (her saved flags, her name).
    const hers = await ada.request({ method: 'GET', url });
    expect(hers.headers[SSR_HEADER]).toBe('rendered');
    expect(hers.body).toContain(`data-user="${ADA.email}"`);
    expect((await ada.request({ method: 'GET', url })).headers[SSR_HEADER]).toBe('rendered');
    // Her page was not stored: the next anonymous visitor gets the anonymous page.
    const next = await app.inject({ method: 'GET', url, remoteAddress: '10.0.1.3' });
    expect(next.headers[SSR_HEADER]).toBe('cached');
    expect(next.body).toContain('data-user="anonymous"');
    expect(next.body).not.toContain(ADA.email);
    expect(next.body).not.toContain(ada.csrfToken);
  });

  it('shows a change of the positions within the version refresh: the archived job page is rendered again', async () => {
    const id = jobId;
    const url = `/careers/job/${id}?archive-test`;
    const before = await app.inject({ method: 'GET', url });
    expect((await app.inject({ method: 'GET', url })).headers[SSR_HEADER]).toBe('cached');
    expect(before.body).not.toContain('<meta name="robots" content="noindex">');
    await archivePosition(context().database, ACME, id);
    // The process reads the version at most once per refresh interval (positions-version.ts).
    clock.advance(1_001);
    const after = await app.inject({ method: 'GET', url });
    expect(after.headers[SSR_HEADER]).toBe('rendered');
    expect(renderNumber(after.body)).toBeGreaterThan(renderNumber(before.body));
    expect(after.body).toContain('<meta name="robots" content="noindex">');
    expect((await app.inject({ method: 'GET', url })).headers[SSR_HEADER]).toBe('cached');
  });

  it('shares the first page of a search only with its preloaded results: a skipped preload is not stored', async () => {
    // This address has used its one preloaded search of the minute: its page lacks the results.
    await app.inject({ method: 'GET', url: '/careers?query=budget-spender', remoteAddress: '10.0.2.1' });
    const skipped = await app.inject({ method: 'GET', url: '/careers?query=engineer', remoteAddress: '10.0.2.1' });
    expect(skipped.headers[SSR_HEADER]).toBe('rendered');
    expect(skipped.body).toContain('data-preloaded="0"');
    const full = await app.inject({ method: 'GET', url: '/careers?query=engineer', remoteAddress: '10.0.2.2' });
    expect(full.headers[SSR_HEADER]).toBe('rendered');
    expect(full.body).toContain('data-preloaded="1"');
    const shared = await app.inject({ method: 'GET', url: '/careers?query=engineer', remoteAddress: '10.0.2.1' });
    expect(shared.headers[SSR_HEADER]).toBe('cached');
    expect(shared.body).toContain('data-preloaded="1"');
    expect(logs.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});

describe('SSR_HEADER', () => {
  it('is the header load tests count pages by', () => {
    expect(SSR_HEADER).toBe('x-ssr');
  });
});
