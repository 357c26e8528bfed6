import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantForTests, createTestApp, seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, archivePosition, storedPositions } from '../search/search.fixtures';
import type { Tenant } from '../tenants/tenants.service';
import type { SeoRepository } from './seo.repository';
import { createSeoService } from './seo.service';
import { serverOrigin } from './site-origin';

const ORIGIN = 'https://careers.acme.example';

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>);
}

forEachDatabase('search-engine visibility (issue 3)', (context) => {
  let app: FastifyInstance;
  let hostApp: FastifyInstance;
  let acme: Awaited<ReturnType<typeof storedPositions>>;

  beforeAll(async () => {
    await seedForTests(context(), 40);
    ({ app } = await createTestApp(context(), { config: { publicOrigin: ORIGIN } }));
    ({ app: hostApp } = await createTestApp(context()));
    // One archived position for certain (the generator archives about 3%).
    const first = (await storedPositions(context().database, ACME)).find((position) => position.archivedAt === null);
    await archivePosition(context().database, ACME, first?.id ?? 0);
    acme = await storedPositions(context().database, ACME);
  });
  afterAll(async () => {
    await app.close();
    await hostApp.close();
  });

  describe('job page head', () => {
    it('renders title, description, canonical link and a complete JobPosting', async () => {
      const position = acme.find((candidate) => candidate.archivedAt === null && candidate.isRemote === 0) as (typeof acme)[number];
      const response = await app.inject({ method: 'GET', url: `/careers/job/${position.id}?utm_source=mail` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain(`<title>${position.title} | Acme Robotics</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(html).not.toContain('<meta name="description" content="Open roles at Acme Robotics');
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/careers/job/${position.id}">`);
      expect(html).not.toContain('noindex');
      const [posting] = jsonLdOf(html);
      expect(posting).toMatchObject({
        '@type': 'JobPosting',
        title: position.title,
        url: `${ORIGIN}/careers/job/${position.id}`,
        datePosted: position.postedAt,
        hiringOrganization: { '@type': 'Organization', name: 'Acme Robotics', logo: `${ORIGIN}/brand/logo.svg` },
        directApply: true,
      });
      expect((posting?.jobLocation as unknown[]).length).toBe(position.places.length);
      // The JSON-LD can never close its own element.
      expect(html.match(/<\/script>/g)).toHaveLength(2);
    });

    it('marks remote roles TELECOMMUTE with where applicants may live', async () => {
      const remote = acme.find((candidate) => candidate.archivedAt === null && candidate.isRemote === 1);
      expect(remote).toBeDefined();
      const [posting] = jsonLdOf((await app.inject({ method: 'GET', url: `/careers/job/${remote?.id}` })).body);
      expect(posting).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: [{ '@type': 'Country' }] });
      expect(posting?.jobLocation).toBeUndefined();
    });

    it('keeps an archived job page (200) out of the index, without JobPosting', async () => {
      const archived = acme.find((candidate) => candidate.archivedAt !== null) as (typeof acme)[number];
      const response = await app.inject({ method: 'GET', url: `/careers/job/${archived.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain(`<title>${archived.title} | Acme Robotics</title>`);
      expect(jsonLdOf(response.body)).toEqual([]);
    });

    it('answers 404 with the SPA for unknown, malformed and other tenants’ job ids', async () => {
      const globexId = (await storedPositions(context().database, GLOBEX))[0]?.id;
      for (const id of ['999999', 'abc', '0', String(globexId)]) {
        const response = await app.inject({ method: 'GET', url: `/careers/job/${id}` });
        expect(response.statusCode, id).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.body).toContain('<meta name="robots" content="noindex">');
        expect(jsonLdOf(response.body)).toEqual([]);
      }
      expect((await app.inject({ method: 'GET', url: '/careers/job/private?pid=3' })).statusCode).toBe(200);
    });

    it('never builds links on the request Host when PUBLIC_ORIGIN is unset: the tenant configured origin (issue 8 §1)', async () => {
      const position = acme.find((candidate) => candidate.archivedAt === null) as (typeof acme)[number];
      for (const host of ['evil.example', 'jobs.example.org:8080', 'evil.example"><script>', 'localhost:3000']) {
        const response = await hostApp.inject({ method: 'GET', url: `/careers/job/${position.id}`, headers: { host } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/careers/job/${position.id}">`);
        const [posting] = jsonLdOf(response.body);
        expect(posting).toMatchObject({ url: `${ORIGIN}/careers/job/${position.id}`, hiringOrganization: { logo: `${ORIGIN}/brand/logo.svg` } });
        expect(response.body).not.toContain('evil.example');
        expect(response.body).not.toContain('jobs.example.org');
      }
    });

    it("picks, among a tenant's configured origins, the one the request came to, else the first", async () => {
      const position = (await storedPositions(context().database, GLOBEX)).find((candidate) => candidate.archivedAt === null) as (typeof acme)[number];
      const via = async (host: string) => (await hostApp.inject({ method: 'GET', url: `/careers/job/${position.id}?domain=globex.example`, headers: { host } })).body;
      expect(await via('jobs.globex.example')).toContain(`<link rel="canonical" href="https://jobs.globex.example/careers/job/${position.id}?domain=globex.example">`);
      expect(await via('evil.example')).toContain(`<link rel="canonical" href="https://careers.globex.example/careers/job/${position.id}?domain=globex.example">`);
    });
  });

  describe('hostile Host headers on public, cacheable answers (issue 8 §1)', () => {
    it('keeps sitemap.xml, sitemap pages and robots.txt on the configured origin', async () => {
      for (const url of ['/sitemap.xml', '/robots.txt']) {
        const response = await hostApp.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=3600');
        expect(response.body).not.toContain('evil.example');
        expect(response.body).toContain(ORIGIN);
      }
      const forwarded = await hostApp.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example', 'x-forwarded-host': 'evil2.example' } });
      expect(forwarded.body).not.toMatch(/evil2?\.example/);
    });

    it("uses the server's configured address for a tenant with no origins configured, never the Host", async () => {
      await createTenantForTests(context(), { id: 'bare-tenant', domain: 'bare.example', isDefault: false, config: { pcsxConfig: { branding: { companyName: 'Bare' } } } });
      const { app: bare } = await createTestApp(context(), { config: { host: '0.0.0.0', port: 3101 } });
      try {
        const robots = await bare.inject({ method: 'GET', url: '/robots.txt?domain=bare.example', headers: { host: 'evil.example' } });
        expect(robots.body).toContain('Sitemap: http://localhost:3101/sitemap.xml?domain=bare.example');
        expect(robots.body).not.toContain('evil.example');
      } finally {
        await bare.close();
      }
      expect(serverOrigin({ host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
      expect(serverOrigin({ host: '::', port: 80 })).toBe('http://localhost');
      expect(serverOrigin({ host: '::1', port: 3000 })).toBe('http://[::1]:3000');
    });
  });

  describe('/sitemap.xml and /robots.txt', () => {
    it('lists the careers home and every open position with lastmod, archived ones left out', async () => {
      const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      const open = acme.filter((position) => position.archivedAt === null);
      expect(locs).toEqual([`${ORIGIN}/careers`, ...open.map((position) => `${ORIGIN}/careers/job/${position.id}`)]);
      expect(response.body.match(/<lastmod>/g)).toHaveLength(open.length);
    });

    it('points robots.txt at the sitemap and keeps crawlers out of personal pages', async () => {
      const response = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toContain('Disallow: /api/');
      expect(response.body).toContain('Disallow: /careers/saved-jobs');
      expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });

    it('blocks a tenant that is not indexable, and has no sitemap for it', async () => {
      expect((await app.inject({ method: 'GET', url: `/robots.txt?domain=${GLOBEX}` })).body).toBe('User-agent: *\nDisallow: /\n');
      expect((await app.inject({ method: 'GET', url: `/sitemap.xml?domain=${GLOBEX}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/sitemap-01.xml' })).statusCode).toBe(404);
    });
  });
});

describe('sitemap pages beyond one file', () => {
  const tenant = { id: 't', domain: 'jobs.example', isDefault: false, companyName: 'Jobs', config: { pcsxConfig: { seoConfig: { indexable: true } } } } as unknown as Tenant;
  const open = Array.from({ length: 7 }, (_, index) => ({ id: index + 1, updatedAt: '2025-01-01T00:00:00Z' }));
  const repository: SeoRepository = {
    countOpen: async () => open.length,
    listOpen: async (_tenant, offset, limit) => open.slice(offset, offset + limit),
  };
  const seo = createSeoService({ repository, maxUrlsPerFile: 3 });
  const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('turns /sitemap.xml into an index and splits every URL over the pages once', async () => {
    expect(locs(await seo.sitemap(tenant, ORIGIN))).toEqual([1, 2, 3].map((page) => `${ORIGIN}/sitemap-${page}.xml?domain=jobs.example`));
    const pages = await Promise.all([1, 2, 3].map((page) => seo.sitemapPage(tenant, ORIGIN, page)));
    expect(pages.flatMap(locs)).toEqual([
      `${ORIGIN}/careers?domain=jobs.example`,
      ...open.map((position) => `${ORIGIN}/careers/job/${position.id}?domain=jobs.example`),
    ]);
    expect(pages.map((page) => locs(page).length)).toEqual([3, 3, 2]);
    expect(await seo.sitemapPage(tenant, ORIGIN, 4)).toBeNull();
  });
});
