import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

const FALLBACK_ORIGIN = 'http://localhost';

/**
 * The origin absolute links are built on (canonical links, JSON-LD url, sitemap, robots.txt):
 * PUBLIC_ORIGIN when set, otherwise the address the request came to (protocol and Host header, the
 * forwarded ones only with TRUST_PROXY). A Host that is not a plain host[:port] falls back to
 * localhost rather than reaching a page; these answers are not shared between hosts by any cache
 * (the HTML shell is no-store).
 */
export function siteOrigin(request: FastifyRequest, config: Pick<AppConfig, 'publicOrigin'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.host;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) && !/^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return FALLBACK_ORIGIN;
  try {
    return new URL(`${request.protocol === 'https' ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return FALLBACK_ORIGIN;
  }
}

/** `?domain=` is needed in links only for a tenant that is not the default one. */
export const linkDomain = (tenant: { domain: string; isDefault: boolean }): string | undefined =>
  tenant.isDefault ? undefined : tenant.domain;
