import type { TenantConfig } from '@careers/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { sha256Hex } from '../../kernel/sha256';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { forEachDatabase } from '../../test/databases';
import { testHtmlSanitizer } from '../../test/html-sanitizer';
import { createBrandingImagesRepository } from './branding-images.repository';
import { createBrandingImagesService } from './branding-images.service';
import { createTenantsRepository } from './tenants.repository';
import { createTenantsService } from './tenants.service';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(60, 1)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

forEachDatabase('employer API: branding images', (context) => {
  let admin: AdminTestApp;
  beforeAll(async () => {
    admin = await createAdminTestApp(context());
  });
  afterAll(() => admin.app.close());

  const upload = (kind: string, body: Buffer, contentType = 'image/png', key?: string) =>
    admin.call({ method: 'PUT', url: `/settings/branding/${kind}`, payload: body, headers: { 'content-type': contentType }, ...(key ? { key } : {}) });
  const imageRows = () => context().database.db.selectFrom('tenantBrandingImages').select(['tenantId', 'kind', 'sha256']).execute();

  it('stores a logo by its bytes, points the config at it, and serves it publicly, cached', async () => {
    const response = await upload('logo', PNG, 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
    const image = response.json<{ url: string; contentType: string; sha256: string; bytes: number }>();
    expect(image).toMatchObject({ kind: 'logo', contentType: 'image/png', sha256: sha256Hex(PNG), bytes: PNG.length });
    expect(image.url).toMatch(/^\/branding\/acme\.example\/logo-[0-9a-f]{16}\.png$/);
    const config = (await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>();
    expect(config.pcsxConfig.branding.logoUrl).toBe(image.url);

    const served = await admin.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(sha256Hex(served.rawPayload)).toBe(sha256Hex(PNG));

    // A new upload is a new URL; the old one is gone.
    const next = (await upload('logo', JPEG, 'image/jpeg')).json<{ url: string }>();
    expect(next.url).toMatch(/logo-[0-9a-f]{16}\.jpg$/);
    expect((await admin.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await admin.app.inject({ method: 'GET', url: next.url })).headers['content-type']).toBe('image/jpeg');
  });

  it('sets the hero as the default desktop hero, the favicon as branding.faviconUrl linked from every page’s head, and lists them', async () => {
    const hero = (await upload('hero', WEBP, 'image/webp')).json<{ url: string }>();
    expect(hero.url).toMatch(/hero-[0-9a-f]{16}\.webp$/);
    const config = (await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>();
    expect(config.pcsxConfig.branding.heroImageConfig.default?.desktop).toBe(hero.url);
    const favicon = await upload('favicon', PNG);
    expect(favicon.statusCode).toBe(200);
    const faviconUrl = favicon.json<{ url: string }>().url;
    expect(faviconUrl).toMatch(/^\/branding\/acme\.example\/favicon-[0-9a-f]{16}\.png$/);
    expect((await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>().pcsxConfig.branding.faviconUrl).toBe(faviconUrl);
    // The shell's <head> links it (after the build's default icon, so browsers use it); the other tenant's does not.
    const page = await admin.app.inject({ method: 'GET', url: '/careers' });
    expect(page.body).toContain(`<link rel="icon" href="${faviconUrl}">`);
    expect((await admin.app.inject({ method: 'GET', url: '/careers?domain=globex.example' })).body).not.toContain(faviconUrl);
    expect((await admin.app.inject({ method: 'GET', url: faviconUrl })).headers['content-type']).toBe('image/png');
    const listed = (await admin.call({ method: 'GET', url: '/settings/branding' })).json<{ images: { kind: string }[] }>();
    expect(listed.images.map((image) => image.kind).sort()).toEqual(['favicon', 'hero', 'logo']);
    expect((await admin.call({ method: 'GET', url: '/settings/branding', key: admin.otherKey })).json()).toEqual({ images: [] });
    // Two server-rendered pages on a loaded machine: more than the default 20 s.
  }, 60_000);

  it('refuses SVG, unknown bytes, empty and oversize uploads with a clear 4xx, storing nothing', async () => {
    const before = await imageRows();
    const svg = await upload('logo', SVG, 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json<{ error: { message: string } }>().error.message).toMatch(/SVG/);
    // Declared PNG, really SVG: the bytes decide.
    expect((await upload('logo', SVG, 'image/png')).statusCode).toBe(415);
    expect((await upload('logo', Buffer.from('MZ\x90\x00 not an image'), 'image/png')).statusCode).toBe(415);
    expect((await upload('logo', Buffer.alloc(0), 'image/png')).statusCode).toBe(415);
    expect((await upload('favicon', Buffer.concat([PNG, Buffer.alloc(128 * 1024)]))).statusCode).toBe(413);
    expect((await upload('hero', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]))).statusCode).toBe(413);
    expect((await upload('banner', PNG)).statusCode).toBe(400);
    expect((await upload('logo', PNG, 'text/plain')).statusCode).toBe(415);
    expect(await imageRows()).toEqual(before);
  });

  it('serves nothing for other names, other tenants, stale hashes or a domain no tenant can have (a NUL byte: a 404, never a 500)', async () => {
    const logo = (await upload('logo', PNG)).json<{ url: string }>();
    for (const url of [logo.url.replace('acme.example', 'globex.example'), logo.url.replace('.png', '.jpg'), logo.url.replace(/logo-[0-9a-f]{4}/, 'logo-0000'), '/branding/acme.example/..%2f..%2fetc%2fpasswd', '/branding/acme.example/logo.png', logo.url.replace('acme.example', '%00'), logo.url.replace('acme.example', 'acme.example%00'), logo.url.replace('acme.example', 'acme%20example')]) {
      expect((await admin.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The other key's upload is the other tenant's alone.
    const theirs = (await upload('logo', JPEG, 'image/jpeg', admin.otherKey)).json<{ url: string }>();
    expect(theirs.url).toContain('/branding/globex.example/');
    expect((await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>().pcsxConfig.branding.logoUrl).toBe(logo.url);
  });

  // Issue 10, left over: the image row and the config pointing at it are one transaction.
  const tenantState = async () => {
    const row = await context().database.db.selectFrom('tenants').select(['config', 'sanitizedHtml']).where('id', '=', admin.tenantId).executeTakeFirstOrThrow();
    const images = await context().database.db.selectFrom('tenantBrandingImages').select(['kind', 'sha256', 'bytes']).where('tenantId', '=', admin.tenantId).orderBy('kind').execute();
    return { ...row, images: images.map((image) => ({ kind: image.kind, sha256: image.sha256, bytes: sha256Hex(image.bytes) })) };
  };

  it('an upload whose config update fails in the database stores no image and changes no config (rolled back)', async () => {
    const logo = (await upload('logo', PNG)).json<{ url: string }>();
    const before = await tenantState();
    expect(before.images.map((image) => image.kind)).toContain('logo');
    const { db } = context().database;
    const tenants = createTenantsService({ repository: createTenantsRepository(db), clock: systemClock, sanitizer: testHtmlSanitizer });
    const branding = createBrandingImagesService({
      repository: createBrandingImagesRepository(db),
      tenants,
      clock: systemClock,
      // The config write fails after the image row is written, inside the same transaction.
      transaction: (work) =>
        db.transaction().execute((trx) =>
          work({
            images: createBrandingImagesRepository(trx),
            tenants: { ...createTenantsRepository(trx), updateConfig: () => Promise.reject(new Error('the config write failed')) },
          }),
        ),
    });
    await expect(branding.store(admin.tenantId, 'logo', JPEG)).rejects.toThrow('the config write failed');
    await expect(branding.store(admin.tenantId, 'hero', WEBP)).rejects.toThrow('the config write failed');
    expect(await tenantState()).toEqual(before);
    // The config still points at the logo it had, and that logo is still served.
    expect((await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>().pcsxConfig.branding.logoUrl).toBe(logo.url);
    expect((await admin.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(200);
  });

  it('an upload whose new config is refused (a stored config with an unsafe link) stores no image and changes no config', async () => {
    const { db } = context().database;
    const logo = (await upload('logo', PNG)).json<{ url: string }>();
    const original = await tenantState();
    const config = JSON.parse(original.config) as TenantConfig;
    config.pcsxConfig.branding.contactUrl = 'javascript:alert(1)';
    await db.updateTable('tenants').set({ config: JSON.stringify(config) }).where('id', '=', admin.tenantId).execute();
    try {
      const before = await tenantState();
      const response = await upload('logo', JPEG, 'image/jpeg');
      expect(response.statusCode, response.body).toBe(400);
      expect(await tenantState()).toEqual(before);
      expect((await admin.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(200);
    } finally {
      await db.updateTable('tenants').set({ config: original.config }).where('id', '=', admin.tenantId).execute();
    }
    // With the config repaired the same upload goes through, image and config together.
    const next = (await upload('logo', JPEG, 'image/jpeg')).json<{ url: string; sha256: string }>();
    const after = await tenantState();
    expect(after.images.find((image) => image.kind === 'logo')?.sha256).toBe(sha256Hex(JPEG));
    expect((JSON.parse(after.config) as TenantConfig).pcsxConfig.branding.logoUrl).toBe(next.url);
  });
});
