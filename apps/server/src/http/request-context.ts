import type { FastifyRequest } from 'fastify';
import type { ApiKeyPrincipal } from '../kernel/api-key';
import type { ActiveSession } from '../kernel/session';
import type { Tenant } from '../kernel/tenant';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tenant plugin on every site route; null on bare routes (health, static files). */
    tenant: Tenant | null;
    /** The signed-in session for this tenant, or null. */
    session: ActiveSession | null;
    /** The CSRF token the client must echo on unsafe methods (spec §7). */
    csrfToken: string;
    /** Employer API (/api/admin/v1): the key the request authenticated with; null everywhere else. */
    apiKey: ApiKeyPrincipal | null;
  }
}

/** The request's tenant; site routes always have one (the tenant plugin runs before them). */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new Error(`No tenant resolved for ${request.method} ${request.routeOptions.url ?? ''}`);
  return request.tenant;
}

/** The employer-API key of the request; admin routes always have one (the admin scope refuses calls without). */
export function apiKeyOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Error(`No API key resolved for ${request.method} ${request.routeOptions.url ?? ''}`);
  return request.apiKey;
}

/** The tenant an admin route acts for: the key's, never the Host header's or a parameter's. */
export function apiKeyTenantOf(request: FastifyRequest): string {
  return apiKeyOf(request).tenantId;
}

/** Secure cookies and HSTS: HTTPS by PUBLIC_ORIGIN, or by X-Forwarded-Proto when TRUST_PROXY is set. */
export function isHttps(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  return publicOrigin?.startsWith('https:') === true || request.protocol === 'https';
}
