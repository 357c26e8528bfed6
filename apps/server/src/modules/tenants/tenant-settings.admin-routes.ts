import { TenantConfigSchema } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { apiKeyTenantOf } from '../../http/request-context';
import { PublicOriginsSchema, type TenantsService } from './tenants.service';

const TAGS = ['Tenant settings'];
const ConfigBody = TenantConfigSchema.meta({ id: 'TenantConfig', description: 'spec §3 Config; omitted blocks take their defaults' });
const HostsBody = z
  .object({
    origins: PublicOriginsSchema.describe('Origins the site is served at, preferred first, e.g. ["https://careers.example.com"]; [] for none'),
  })
  .meta({ id: 'TenantHosts' });

/**
 * The key's tenant's settings (issue 10): its config (validated, tenant HTML sanitized on save, links
 * checked) and the origins it is served at (used for every absolute URL: sitemap, canonical, JobPosting).
 */
export const adminTenantSettingsRoutes: FastifyPluginAsync<{ tenants: TenantsService }> = async (app, { tenants }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  const tenantOfKey = async (tenantId: string) => {
    const tenant = await tenants.findById(tenantId);
    if (!tenant) throw new NotFoundError();
    return tenant;
  };

  admin.get(
    '/settings/config',
    { schema: { tags: TAGS, summary: "Read the tenant's config", description: 'Complete: defaults applied.', response: { 200: ConfigBody } } },
    async (request) => (await tenantOfKey(apiKeyTenantOf(request))).config,
  );

  admin.put(
    '/settings/config',
    {
      schema: {
        tags: TAGS,
        summary: "Replace the tenant's config",
        description:
          'Validated as a whole; custom HTML (footer, banner, navbar) is sanitized on save and links must be http(s) or a path on the site. Other server processes use it within 5 s.',
        body: ConfigBody,
        response: { 200: ConfigBody },
      },
    },
    async (request) => (await tenants.replaceConfig(apiKeyTenantOf(request), request.body)).config,
  );

  admin.get(
    '/settings/hosts',
    { schema: { tags: TAGS, summary: 'Read the origins the tenant is served at', response: { 200: HostsBody } } },
    async (request) => ({ origins: [...((await tenantOfKey(apiKeyTenantOf(request))).publicOrigins ?? [])] }),
  );

  admin.put(
    '/settings/hosts',
    { schema: { tags: TAGS, summary: 'Replace the origins the tenant is served at', body: HostsBody, response: { 200: HostsBody } } },
    async (request) => ({ origins: [...((await tenants.replacePublicOrigins(apiKeyTenantOf(request), request.body.origins)).publicOrigins ?? [])] }),
  );
};
