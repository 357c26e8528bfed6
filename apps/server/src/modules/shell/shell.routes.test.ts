import { BootDataSchema, type TenantConfigInput } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { ADA, createTenantForTests, createTestApp, seedForTests, TestClient } from '../../test/app';
import { rawBootDataOf as bootDataOf } from '../../test/boot-data';
import { forEachDatabase } from '../../test/databases';

const BREAKOUT = '</script><script>alert(1)</script>';

const hostileConfig: TenantConfigInput = {
  ...ACME_CONFIG,
  pcsxConfig: {
    ...ACME_CONFIG.pcsxConfig,
    branding: {
      companyName: `Evil ${BREAKOUT} "Corp" & <b>Co</b>`,
      customPageSections: {
        footer: { html: `${BREAKOUT}<!-- \u2028\u2029 -->` },
        customPcsBanner: { type: 'alert', html: '<img src=x onerror=alert(1)>' },
      },
    },
    seoConfig: { titleTemplate: '{title} | {company}', description: `"><script>alert(2)</script>`, indexable: false },
  },
};


forEachDatabase('HTML shell', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    await createTenantForTests(context(), { id: 'tenant-evil', domain: 'evil.example', isDefault: false, config: hostileConfig });
    ({ app } = await createTestApp(context(), { config: { publicOrigin: 'https://careers.acme.example' } }));
  });
  afterAll(() => app.close());

  it('renders /careers, /careers/* and /logout with boot data valid under BootDataSchema', async () => {
    for (const url of ['/careers', '/careers/', '/careers/job/3', '/careers/offers', '/logout']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const boot = BootDataSchema.parse(bootDataOf(response.body));
      expect(boot.tenant).toMatchObject({ domain: 'acme.example', isDefault: true });
      expect(boot.environment).toBe('test');
    }
  });

  it('puts the CSRF token in the meta tag and the user in the boot data', async () => {
    const client = new TestClient(app);
    await client.login(ADA);
    const response = await client.request({ method: 'GET', url: '/careers' });
    expect(response.body).toContain(`<meta name="csrf-token" content="${client.csrfToken}">`);
    const boot = BootDataSchema.parse(bootDataOf(response.body));
    expect(boot.userStore).toMatchObject({ isLoggedIn: true, groupId: 'acme.example' });
    expect(boot.notifications).toEqual({
      groupId: 'acme.example',
      isLoggedIn: true,
      enableCandidateInappNotifications: true,
      hasActionRequiredNotificationsConfigured: true,
    });
  });

  it('titles pages from the config template', async () => {
    const search = await app.inject({ method: 'GET', url: '/careers?query=nurse&location=Boston' });
    expect(search.body).toContain('<title>nurse in Boston | Acme Robotics</title>');
    const home = await app.inject({ method: 'GET', url: '/careers' });
    expect(home.body).toContain('<title>Careers at Acme Robotics</title>');
  });

  it('writes the head: description, canonical link, primary colour', async () => {
    const response = await app.inject({ method: 'GET', url: '/careers/job/7?utm_source=x' });
    expect(response.body).toContain('<meta name="description" content="Open roles at Acme Robotics');
    expect(response.body).toContain('<link rel="canonical" href="https://careers.acme.example/careers/job/7">');
    expect(response.body).toContain('<style>:root{--color-primary:#3346d3}</style>');
    expect(response.body).toContain('<html lang="en" dir="ltr">');
    const french = await app.inject({ method: 'GET', url: '/careers?hl=fr-CA' });
    expect(french.body).toContain('<html lang="fr-CA" dir="ltr">');
    const hostileLang = await app.inject({ method: 'GET', url: '/careers?hl=%22%3E%3Cscript%3E' });
    expect(hostileLang.body).toContain('<html lang="en" dir="ltr">');
  });

  describe('escaping hostile tenant config', () => {
    it('keeps the boot data inside its script element and round-trips it', async () => {
      const response = await app.inject({ method: 'GET', url: '/careers?domain=evil.example&query=%3C%2Fscript%3E' });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      // Exactly one script element: the boot data. The config's </script><script> never opens another.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      expect(html).not.toContain('alert(1)</script>');
      expect(html).not.toMatch(/[\u2028\u2029]/);
      const boot = BootDataSchema.parse(bootDataOf(html));
      expect(boot.tenant.config.pcsxConfig.branding.customPageSections.footer?.html).toBe(`${BREAKOUT}<!-- \u2028\u2029 -->`);
      expect(boot.tenant.config.pcsxConfig.branding.companyName).toContain(BREAKOUT);
    });

    it('escapes the title and attribute values', async () => {
      const html = (await app.inject({ method: 'GET', url: '/careers?domain=evil.example' })).body;
      expect(html).toContain(
        '<title>Careers at Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Corp&quot; &amp; &lt;b&gt;Co&lt;/b&gt;</title>',
      );
      expect(html).toContain('<meta name="description" content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;">');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('href="https://careers.acme.example/careers?domain=evil.example"');
    });
  });

  it('answers an unknown site with a plain 404 page', async () => {
    const response = await app.inject({ method: 'GET', url: '/careers?domain=nowhere.example', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Unknown site');
  });
});
