import type { FastifyRequest } from 'fastify';
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
  }
}

/** The request's tenant; site routes always have one (the tenant plugin runs before them). */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenant) throw new Error(`No tenant resolved for ${request.method} ${request.routeOptions.url ?? ''}`);
  return request.tenant;
}

/** Secure cookies and HSTS: HTTPS by PUBLIC_ORIGIN, or by X-Forwarded-Proto when TRUST_PROXY is set. */
export function isHttps(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  return publicOrigin?.startsWith('https:') === true || request.protocol === 'https';
}
