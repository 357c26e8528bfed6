import type { TenantConfig } from '@careers/contracts';

/**
 * The tenant a request resolves to, shared by the HTTP kit (tenant resolution, CSP, request context) and
 * the modules; the kit resolves tenants through the TenantResolver port and never imports the tenants
 * module (issue 8 §5).
 */

/** Tenant HTML sanitized when its config was written: raw → clean. */
export type SanitizedHtml = ReadonlyMap<string, string>;

export interface Tenant {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  /** Parsed and complete (defaults applied). */
  config: TenantConfig;
  /**
   * The config's tenant HTML (tenantCustomHtml) sanitized when the config was written: raw → clean, for the
   * server renderer. May lack an entry until the start completes it (completeSanitizedHtml).
   */
  sanitizedHtml: SanitizedHtml;
  /**
   * The origins the tenant is served at, first preferred (migration 0007): absolute links are built from
   * these, never from a request's Host (issue 8 §1). Empty or absent: none configured.
   */
  publicOrigins?: readonly string[];
}

export interface TenantResolver {
  /** The tenant a request names; no domain → the default tenant; unknown → null. */
  resolve(domain: string | undefined): Promise<Tenant | null>;
}
