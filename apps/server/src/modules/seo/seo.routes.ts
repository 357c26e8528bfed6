import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import { NotFoundError } from '../../errors';
import { tenantOf } from '../../http/request-context';
import type { SeoService } from './seo.service';
import { siteOrigin } from './site-origin';
import { parseSitemapPagePath } from './sitemap';

/** Crawlers may keep these an hour: positions open and close on a scale of days. */
const CRAWLER_CACHE = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsync<{ seo: SeoService; config: AppConfig }> = async (app, { seo, config }) => {
  app.get('/robots.txt', async (request, reply) => {
    const body = seo.robotsTxt(tenantOf(request), siteOrigin(request, config, tenantOf(request)));
    return reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const body = await seo.sitemap(tenantOf(request), siteOrigin(request, config, tenantOf(request)));
    if (body === null) throw new NotFoundError();
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', async (request, reply) => {
    const page = parseSitemapPagePath(`/sitemap-${request.params.page}.xml`);
    const body = page === null ? null : await seo.sitemapPage(tenantOf(request), siteOrigin(request, config, tenantOf(request)), page);
    if (body === null) throw new NotFoundError();
    return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(body);
  });
};
