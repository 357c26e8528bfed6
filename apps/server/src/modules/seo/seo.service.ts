import type { Tenant } from '../tenants/tenants.service';
import type { SeoRepository } from './seo.repository';
import { linkDomain } from './site-origin';
import {
  buildRobotsTxt,
  buildSitemapIndex,
  buildUrlSet,
  careersSitemapEntries,
  domainQuery,
  sitemapPageCount,
  sitemapPagePath,
  SITEMAP_MAX_URLS,
} from './sitemap';

/**
 * /robots.txt, /sitemap.xml and /sitemap-N.xml per tenant (issue 3). A tenant that is not indexable
 * (seoConfig.indexable false) disallows everything and has no sitemap.
 */
export interface SeoService {
  robotsTxt(tenant: Tenant, origin: string): string;
  /** A urlset, or a sitemap index when the URLs exceed one file; null when the tenant is not indexable. */
  sitemap(tenant: Tenant, origin: string): Promise<string | null>;
  /** One page file of a sitemap index; null when there is no such page. */
  sitemapPage(tenant: Tenant, origin: string, page: number): Promise<string | null>;
}

export function createSeoService(deps: { repository: SeoRepository; maxUrlsPerFile?: number }): SeoService {
  const { repository } = deps;
  const maxUrls = deps.maxUrlsPerFile ?? SITEMAP_MAX_URLS;

  /** URLs of the whole sitemap: the careers home, then every open position by id; this page's slice. */
  async function pageEntries(tenant: Tenant, origin: string, page: number, pages: number) {
    const first = (page - 1) * maxUrls;
    // The home is entry 0, so positions start one slot later on the first page.
    const offset = Math.max(0, first - 1);
    const limit = page === 1 ? maxUrls - 1 : maxUrls;
    const positions = await repository.listOpen(tenant.id, offset, limit);
    const entries = careersSitemapEntries(origin, positions, linkDomain(tenant));
    return pages === 0 || page === 1 ? entries : entries.slice(1);
  }

  return {
    robotsTxt(tenant, origin) {
      return buildRobotsTxt({ origin, indexable: tenant.config.pcsxConfig.seoConfig.indexable, domain: linkDomain(tenant) });
    },

    async sitemap(tenant, origin) {
      if (!tenant.config.pcsxConfig.seoConfig.indexable) return null;
      const pages = sitemapPageCount((await repository.countOpen(tenant.id)) + 1, maxUrls);
      if (pages === 0) return buildUrlSet(await pageEntries(tenant, origin, 1, 0));
      const query = domainQuery(linkDomain(tenant));
      return buildSitemapIndex(
        Array.from({ length: pages }, (_, index) => ({ loc: `${origin}${sitemapPagePath(index + 1)}${query}` })),
      );
    },

    async sitemapPage(tenant, origin, page) {
      if (!tenant.config.pcsxConfig.seoConfig.indexable) return null;
      const pages = sitemapPageCount((await repository.countOpen(tenant.id)) + 1, maxUrls);
      if (page < 1 || page > pages) return null;
      return buildUrlSet(await pageEntries(tenant, origin, page, pages));
    },
  };
}
