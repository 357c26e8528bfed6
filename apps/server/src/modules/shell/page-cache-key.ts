import { createHash } from 'node:crypto';
import type { RenderedViewport } from '@careers/contracts';
import type { Tenant } from '../tenants/tenants.service';

/**
 * A fingerprint of what a tenant contributes to its pages (config, name, stored sanitized HTML). Tenants
 * are reloaded every few seconds as new objects: the fingerprint changes only when their content does.
 */
const fingerprints = new WeakMap<Tenant, string>();

export function tenantFingerprint(tenant: Tenant): string {
  let fingerprint = fingerprints.get(tenant);
  if (fingerprint === undefined) {
    const content = JSON.stringify([tenant.id, tenant.domain, tenant.isDefault, tenant.companyName, tenant.config, [...tenant.sanitizedHtml]]);
    fingerprint = createHash('sha256').update(content).digest('base64url').slice(0, 22);
    fingerprints.set(tenant, fingerprint);
  }
  return fingerprint;
}

export interface PageCacheKeyParts {
  tenant: Tenant;
  /** The tenant's positions version: any change of its positions makes every key new (issue 8 §3). */
  positionsVersion: string;
  /** protocol://host the request came to: absolute links (canonical, JSON-LD) are built on it without PUBLIC_ORIGIN. */
  origin: string;
  /** Path and query as requested: the page, its search, its language (?hl=) and tenant (?domain=). */
  url: string;
  /** The width class the markup was drawn for. */
  viewport: RenderedViewport;
  /** Issue 13: the negotiated language (?hl= is in the URL, but Accept-Language is not). */
  locale: string;
}

/**
 * Everything the shared part of an anonymous page depends on. The per-request pieces (the CSRF token) are
 * not in the cached markup at all; the session is not either (signed-in pages are never cached).
 */
export function pageCacheKey(parts: PageCacheKeyParts): string {
  return JSON.stringify([parts.tenant.id, tenantFingerprint(parts.tenant), parts.positionsVersion, parts.origin, parts.viewport, parts.locale, parts.url]);
}
