import type { TenantConfig } from '@careers/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { forEachDatabase } from '../../test/databases';
import { readSanitizedHtml } from './tenant-html';

forEachDatabase('employer API: tenant settings', (context) => {
  let admin: AdminTestApp;
  beforeAll(async () => {
    admin = await createAdminTestApp(context());
  });
  afterAll(() => admin.app.close());

  const storedRow = (id: string) => context().database.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('reads the key\'s own tenant config, complete, and never the other tenant\'s', async () => {
    const mine = await admin.call({ method: 'GET', url: '/settings/config' });
    expect(mine.statusCode).toBe(200);
    const theirs = await admin.call({ method: 'GET', url: '/settings/config', key: admin.otherKey });
    expect(mine.json<TenantConfig>().pcsxConfig.branding.companyName).toBe((await storedRow(admin.tenantId)).companyName);
    expect(theirs.json<TenantConfig>().pcsxConfig.branding.companyName).toBe((await storedRow(admin.otherTenantId)).companyName);
    expect(mine.json<TenantConfig>().pcsxConfig.searchConfig.strongMatchThreshold).toBeTypeOf('number');
  });

  it('replaces the config, sanitizing its HTML on save, and the site serves the new one', async () => {
    const config = (await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>();
    config.pcsxConfig.branding.companyName = 'Acme Renamed';
    config.pcsxConfig.branding.customPageSections = { footer: { html: '<p>Hi<img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a></p>' } };
    const response = await admin.call({ method: 'PUT', url: '/settings/config', payload: config });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TenantConfig>().pcsxConfig.branding.companyName).toBe('Acme Renamed');
    const row = await storedRow(admin.tenantId);
    expect(row.companyName).toBe('Acme Renamed');
    const clean = [...readSanitizedHtml(row.sanitizedHtml).values()].join('\n');
    expect(clean).toContain('Hi');
    expect(clean).not.toMatch(/onerror|javascript:/);
    const boot = await admin.app.inject({ method: 'GET', url: '/careers' });
    expect(boot.body).toContain('Acme Renamed');
    // Markup carries only the sanitized HTML (the raw config travels JSON-escaped in the boot data, as ever).
    expect(boot.body).not.toMatch(/<img[^>]*onerror|href="javascript:/i);
    // The other tenant is untouched.
    expect((await storedRow(admin.otherTenantId)).companyName).not.toBe('Acme Renamed');
  });

  it('refuses an invalid config or unsafe links with 400 and changes nothing', async () => {
    const before = await storedRow(admin.tenantId);
    const config = (await admin.call({ method: 'GET', url: '/settings/config' })).json<TenantConfig>();
    const invalid = await admin.call({ method: 'PUT', url: '/settings/config', payload: { ...config, pcsxConfig: { ...config.pcsxConfig, branding: { companyName: '' } } } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ issues: { path: string }[] }>().issues.some((issue) => issue.path.includes('companyName'))).toBe(true);
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,<script>alert(1)</script>', ' javascript:alert(1)']) {
      const unsafe = await admin.call({ method: 'PUT', url: '/settings/config', payload: { ...config, pcsxConfig: { ...config.pcsxConfig, branding: { ...config.pcsxConfig.branding, contactUrl: link } } } });
      expect(unsafe.statusCode, link).toBe(400);
      expect(unsafe.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(['pcsxConfig.branding.contactUrl']);
    }
    expect(await storedRow(admin.tenantId)).toEqual(before);
  });

  it('reads and replaces the tenant\'s origins, used for absolute links, and refuses what is not an origin', async () => {
    const response = await admin.call({ method: 'PUT', url: '/settings/hosts', payload: { origins: ['https://jobs.acme-new.example', 'https://careers.acme.example'] } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await admin.call({ method: 'GET', url: '/settings/hosts' })).json()).toEqual({ origins: ['https://jobs.acme-new.example', 'https://careers.acme.example'] });
    const sitemap = await admin.app.inject({ method: 'GET', url: '/sitemap.xml?domain=acme.example' });
    expect(sitemap.body).toContain('<loc>https://jobs.acme-new.example/careers</loc>');
    for (const origins of [['javascript:alert(1)'], ['https://acme.example/path'], ['ftp://acme.example'], ['https://acme.example/'], Array(21).fill('https://a.example')]) {
      expect((await admin.call({ method: 'PUT', url: '/settings/hosts', payload: { origins } })).statusCode, JSON.stringify(origins)).toBe(400);
    }
    const theirs = (await admin.call({ method: 'GET', url: '/settings/hosts', key: admin.otherKey })).json<{ origins: string[] }>();
    expect(theirs.origins).not.toContain('https://jobs.acme-new.example');
    expect((await admin.call({ method: 'PUT', url: '/settings/hosts', payload: { origins: [] } })).json()).toEqual({ origins: [] });
  });
});
