import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { offerApiPaths } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_CONFIG } from '../startup/seed/demo-tenants';
import { insertTestOffer, signedIn } from '../modules/offers/offers.test-support';
import { FALLBACK_TEMPLATE } from '../modules/shell/shell.template';
import { ADA, createTenantForTests, createTestApp, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';
import { listRoutes } from '../test/routes';

/** A stand-in for the web build: index.html with the placeholders, a hashed asset, brand files. */
function writeWebBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'brand'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    FALLBACK_TEMPLATE.replace('</body>', '<script type="module" src="/assets/index-abc123.js"></script><!-- web-build --></body>'),
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app");'));
  writeFileSync(join(dir, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'favicon.ico'), 'icon');
}

function expectBaseline(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers['x-request-id']).toBeTruthy();
}

forEachDatabase('security headers (T10) and static files', (context) => {
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    const webDistDir = join(context().dataDir, 'web-dist');
    writeWebBuild(webDistDir);
    ({ app } = await createTestApp(context(), { config: { webDistDir } }));
    ({ app: httpsApp } = await createTestApp(context(), { config: { webDistDir, publicOrigin: 'https://careers.acme.example' } }));
  });
  afterAll(async () => {
    await Promise.all([app.close(), httpsApp.close()]);
  });

  it('sets them on the HTML shell, rendered from the web build', async () => {
    const response = await app.inject({ method: 'GET', url: '/careers' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<!-- web-build -->');
    expectBaseline(response.headers);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS only over HTTPS', async () => {
    const response = await httpsApp.inject({ method: 'GET', url: '/careers' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves hashed assets immutable for a year, other files for a day', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectBaseline(asset.headers);
    const logo = await app.inject({ method: 'GET', url: '/brand/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    const favicon = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(200);
  });

  it('sends the precompressed copy when the browser accepts it, and never the .br file by its own name', async () => {
    const compressed = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app");');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' })).statusCode).toBe(404);
  });

  it('never serves index.html as a static file, nor a missing asset', async () => {
    for (const url of ['/index.html', '/assets/missing.js', '/assets/../index.html']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('__BOOT_DATA__');
    }
  });

  it('sets them on API answers, with no-store on personal data', async () => {
    const client = new TestClient(app);
    await client.login(ADA);
    const response = await client.request({ method: 'GET', url: '/api/auth/me' });
    expectBaseline(response.headers);
    expect(response.headers['cache-control']).toBe('no-store');
    const refused = await new TestClient(app).request({ method: 'POST', url: '/api/auth/logout' });
    expect(refused.statusCode).toBe(403);
    expectBaseline(refused.headers);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  describe('unknown paths', () => {
    it('answers JSON 404 under /api', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      expect(response.headers['cache-control']).toBe('no-store');
      expect((await app.inject({ method: 'POST', url: '/api/nothing-here' })).statusCode).toBe(404);
    });

    it('answers an HTML 404 page to browsers elsewhere', async () => {
      const response = await app.inject({ method: 'GET', url: '/wp-admin', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expectBaseline(response.headers);
    });

    it('redirects / to /careers', async () => {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/careers');
    });
  });

  it('allows a tenant\'s head-script origins in script-src', async () => {
    await createTenantForTests(context(), {
      id: 'tenant-scripts',
      domain: 'scripts.example',
      isDefault: false,
      config: {
        ...ACME_CONFIG,
        pcsxConfig: { ...ACME_CONFIG.pcsxConfig, scriptConfig: { pageLoadHeadScripts: ['https://cdn.analytics.example/tag.js?id=1'] } },
      },
    });
    const response = await app.inject({ method: 'GET', url: '/careers?domain=scripts.example' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://cdn.analytics.example;");
    expect(response.body).toContain('<script src="https://cdn.analytics.example/tag.js?id=1"></script>');
    const acme = await app.inject({ method: 'GET', url: '/careers' });
    expect(acme.headers['content-security-policy']).not.toContain('analytics');
  });
});

/** T10: the request each registered route gets in the crawl, with the signed-in candidate's real ids. */
interface CrawlTargets {
  offerId: string;
  documentId: string;
  esignToken: string;
  positionId: number;
}

/** The CSP as directive → sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Where the app may be framed: only itself (and named https origins, should a tenant ever need one). */
const isAllowedFrameAncestor = (source: string): boolean => source === "'self'" || source === "'none'" || /^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(source);

forEachDatabase('security headers on every route (T10 crawl)', (context) => {
  let app: FastifyInstance;
  let targets: CrawlTargets;
  /** The session that minted the e-sign link (a link opens only in its own session). */
  let ada: TestClient;

  beforeAll(async () => {
    await seedForTests(context());
    const webDistDir = join(context().dataDir, 'web-dist-crawl');
    writeWebBuild(webDistDir);
    ({ app } = await createTestApp(context(), { config: { webDistDir } }));
    ada = await signedIn(app, ADA);
    const { offerId, documentIds } = await insertTestOffer(context().database, { email: ADA.email, expiresAt: null, documents: [{ signingMode: 'esign' }] });
    const documentId = documentIds[0] as string;
    const minted = await ada.request({ method: 'POST', url: offerApiPaths.esignToken(offerId, documentId) });
    expect(minted.statusCode, minted.body).toBe(200);
    const esignToken = new URL((minted.json() as { url: string }).url, 'http://localhost').searchParams.get('token') ?? '';
    const position = await context().database.db.selectFrom('positions').select('id').where('archivedAt', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    targets = { offerId, documentId, esignToken, positionId: position.id };
  });
  afterAll(() => app.close());

  it('sends CSP (object-src and base-uri none, frame-ancestors allow-list), nosniff, Referrer-Policy, no X-Powered-By on every registered route, and no-store on personal data', async () => {
    const safe = (method: string) => method === 'GET' || method === 'HEAD';
    // Reads first, in the minting session; then each unsafe route in a session of its own (logout, password and
    // revoke_others must not end the next one's), after the reads, so a decline cannot hide the letter's routes.
    const all = listRoutes(app, { offerId: targets.offerId, documentId: targets.documentId, page: '1', '*': 'jobs' });
    const routes = [...all.filter((route) => safe(route.method)), ...all.filter((route) => !safe(route.method))];
    const anonymous = new TestClient(app);
    await anonymous.start();
    const query = new URLSearchParams({ position_id: String(targets.positionId), domain: 'acme.example', token: targets.esignToken, query: 'engineer' }).toString();
    const problems: string[] = [];
    const statuses: string[] = [];
    let html = 0;
    for (const route of routes) {
      const client = safe(route.method) ? ada : await signedIn(app, ADA);
      for (const who of ['signed in', 'anonymous'] as const) {
        const visitor = who === 'signed in' ? client : anonymous;
        const response = await visitor.request({
          method: route.method as 'GET',
          url: `${route.url}?${query}`,
          headers: { accept: route.url.startsWith('/api/') ? 'application/json' : 'text/html' },
          ...(safe(route.method) ? {} : { payload: {} }),
        });
        const what = `${route.method} ${route.pattern} (${who}) → ${response.statusCode} ${String(response.headers['content-type'] ?? '')}`;
        statuses.push(what);
        const headers = response.headers;
        const csp = parseCsp(headers['content-security-policy']);
        if (!csp.get('object-src')?.includes("'none'")) problems.push(`${what}: CSP without object-src 'none': ${String(headers['content-security-policy'])}`);
        if (!csp.get('base-uri')?.includes("'none'")) problems.push(`${what}: CSP without base-uri 'none'`);
        const ancestors = csp.get('frame-ancestors');
        if (!ancestors || ancestors.length === 0 || !ancestors.every(isAllowedFrameAncestor)) problems.push(`${what}: frame-ancestors not an allow-list: ${String(ancestors)}`);
        if (headers['x-content-type-options'] !== 'nosniff') problems.push(`${what}: no nosniff`);
        // no-referrer is stricter still: pages whose address carries a token (the guest alert confirmation) send it.
        if (headers['referrer-policy'] !== 'strict-origin-when-cross-origin' && headers['referrer-policy'] !== 'no-referrer') problems.push(`${what}: Referrer-Policy ${String(headers['referrer-policy'])}`);
        if (headers['x-powered-by'] !== undefined) problems.push(`${what}: X-Powered-By`);
        const isHtml = String(headers['content-type'] ?? '').startsWith('text/html');
        if (isHtml) html += 1;
        // Personal data: every API answer, every page (it may name the candidate), every PDF of an offer.
        const isPersonal = route.url.startsWith('/api/') || isHtml || String(headers['content-type'] ?? '').startsWith('application/pdf');
        if (isPersonal && headers['cache-control'] !== 'no-store') problems.push(`${what}: Cache-Control ${String(headers['cache-control'])}`);
      }
    }
    const byStatus = new Map<string, number>();
    for (const line of statuses) {
      const status = /→ (\d+)/.exec(line)?.[1] ?? '?';
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    }
    console.info(`T10 ${context().dialect}: ${routes.length} routes (method × pattern) × 2 visitors = ${statuses.length} answers, ${html} of them HTML; statuses ${JSON.stringify(Object.fromEntries(byStatus))}; ${problems.length} problems`);
    expect(problems, statuses.join('\n')).toEqual([]);
    // The crawl reached the routes with real ids, not only their 404s.
    const reached = (pattern: string) => statuses.find((line) => line.startsWith(`GET ${pattern} (signed in) → 200`));
    for (const pattern of ['/api/offer/offers/:offerId', '/api/offer/offers/:offerId/:documentId/download', '/api/esign/document', '/careers/*', '/careers/esign', '/api/pcsx/position_details', '/api/auth/me']) {
      expect(reached(pattern), pattern).toBeDefined();
    }
  });
});
