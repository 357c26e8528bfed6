import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TenantNotFoundError } from '../errors';
import type { TenantResolver } from '../kernel/tenant';
import { applyTenantCsp } from './security-headers';

const DOMAIN_MAX_LENGTH = 253;
/** Host names only; anything else names no tenant and never reaches the database. */
const DOMAIN_PATTERN = /^\s*[A-Za-z0-9.-]+\s*$/;

function field(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/**
 * spec §6 "Personal data calls are keyed by groupId (domain)": the query string names the tenant, else a
 * JSON or form body field `domain`; neither → the default tenant. Anything that is not one plain domain
 * (repeated params, objects, over-long text) names no tenant.
 */
function requestedDomain(request: FastifyRequest): string | undefined {
  const value = field(request.query, 'domain') ?? field(request.body, 'domain');
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > DOMAIN_MAX_LENGTH || !DOMAIN_PATTERN.test(value)) {
    throw new TenantNotFoundError();
  }
  return value;
}

/** Resolves `request.tenant` for every route of the scope it is registered in. */
export const tenantPlugin = fp<{ tenants: TenantResolver }>(
  async (app, { tenants }) => {
    // preValidation: the body is parsed by then, so a body `domain` counts.
    app.addHook('preValidation', async (request, reply) => {
      const tenant = await tenants.resolve(requestedDomain(request));
      if (!tenant) throw new TenantNotFoundError();
      request.tenant = tenant;
      applyTenantCsp(reply, tenant);
    });
  },
  { name: 'tenant' },
);
