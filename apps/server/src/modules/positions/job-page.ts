import { descriptionSummary, jobPath, pageTitle, PositionIdTextSchema } from '@careers/contracts';
import type { AppConfig } from '../../config';
import { tenantOf } from '../../http/request-context';
import { domainQuery } from '../seo/sitemap';
import { linkDomain, siteOrigin } from '../seo/site-origin';
import type { ShellPageHeadResolver } from '../shell/shell.routes';
import { buildJobPosting, jsonLdScript } from './job-posting.jsonld';
import { presentPosition } from './positions.presenter';
import type { PositionsService } from './positions.service';

const JOB_PAGE = /^\/careers\/job\/([^/]+)\/?$/;
/** spec §2 /careers/job/private?pid=: private postings are not indexed and have no page head of ours. */
const PRIVATE_SEGMENT = 'private';

/**
 * The head of /careers/job/{pid} (issue 3 "Search-engine visibility"), rendered by the server so
 * crawlers read it without running the SPA: the position's title (spec §9 page title), a meta
 * description from the text, the canonical link, and the schema.org JobPosting block.
 * - Archived: still 200 (the page says the job has closed) with `noindex` and no JobPosting — Google's
 *   guidance for an expired job is to remove the markup or the page from the index; we do both.
 * - Unknown id (or not a number): 404, so crawlers drop the address; the SPA still renders its own
 *   not-found state from the same HTML.
 */
export function createJobPageHead(deps: { positions: PositionsService; config: Pick<AppConfig, 'publicOrigin' | 'host' | 'port'> }): ShellPageHeadResolver {
  return async (request, path) => {
    const match = JOB_PAGE.exec(path);
    const segment = match?.[1];
    if (segment === undefined || segment === PRIVATE_SEGMENT) return null;
    const id = PositionIdTextSchema.safeParse(segment);
    const tenant = tenantOf(request);
    const record = id.success ? await deps.positions.findForPage(tenant, id.data) : null;
    if (!record) return { statusCode: 404, noindex: true };

    const position = presentPosition(record);
    const canonicalUrl = `${siteOrigin(request, deps.config, tenant)}${jobPath(position.id)}${domainQuery(linkDomain(tenant))}`;
    const { branding, seoConfig } = tenant.config.pcsxConfig;
    const head = {
      title: pageTitle({ company: tenant.companyName, template: seoConfig.titleTemplate, positionName: position.name }),
      description: descriptionSummary(position.description) || undefined,
      canonicalUrl,
    };
    if (position.archived_at !== null) return { ...head, noindex: true };
    const posting = buildJobPosting({ position, organization: { name: tenant.companyName, logoUrl: branding.logoUrl }, canonicalUrl });
    return { ...head, extraHead: jsonLdScript(posting) };
  };
}
