import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

/** What an origin is built from: the operator's settings and the tenant's configured origins. */
export type SiteOriginConfig = Pick<AppConfig, 'publicOrigin' | 'host' | 'port'>;

/**
 * The origin absolute links are built on (canonical links, JSON-LD url, sitemap, robots.txt), all served
 * with `public, max-age=3600` (issue 8 §1 "The Host header reaches public, cacheable pages"): never the
 * request's Host, which anyone can set.
 * 1. PUBLIC_ORIGIN when set;
 * 2. else the tenant's configured origin the request came to (its Host compared against the list, which
 *    only picks among configured values), else the tenant's first configured origin — so an unknown Host
 *    gets the (default) tenant's own origin, never its own;
 * 3. else, none configured (a demo or a developer's machine), the server's own address from its
 *    configuration, http://HOST:PORT.
 */
export function siteOrigin(request: FastifyRequest, config: SiteOriginConfig, tenant: { publicOrigins?: readonly string[] }): string {
  if (config.publicOrigin) return config.publicOrigin;
  const origins = tenant.publicOrigins ?? [];
  const host = request.host.toLowerCase();
  const matching = origins.find((origin) => new URL(origin).host === host);
  return matching ?? origins[0] ?? serverOrigin(config);
}

/** The server's configured address; a wildcard listen address is reached as localhost. */
export function serverOrigin(config: Pick<AppConfig, 'host' | 'port'>): string {
  const host = ['0.0.0.0', '::', '', '[::]'].includes(config.host) ? 'localhost' : config.host;
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${hostPart}:${config.port}`).origin;
}

/** `?domain=` is needed in links only for a tenant that is not the default one. */
export const linkDomain = (tenant: { domain: string; isDefault: boolean }): string | undefined =>
  tenant.isDefault ? undefined : tenant.domain;
