import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_CONFIG } from '../db/seed/demo-tenants';
import { FALLBACK_TEMPLATE } from '../modules/shell/shell.template';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';
import { createTenantsService } from '../modules/tenants/tenants.service';
import { ADA, createTestApp, seedForTests, TestClient } from '../test/app';
import { forEachDatabase } from '../test/databases';

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
    const tenants = createTenantsService({ repository: createTenantsRepository(context().database.db), clock: { now: () => new Date() } });
    await tenants.create({
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
