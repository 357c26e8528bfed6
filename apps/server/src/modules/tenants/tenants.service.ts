import { TenantConfigSchema, tenantCustomHtml, type TenantConfig, type TenantConfigInput } from '@careers/contracts';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { NotFoundError, ValidationError } from '../../errors';
import type { Tenant, TenantResolver } from '../../kernel/tenant';
import { readSanitizedHtml, sanitizeAll, storeSanitizedHtml, type TenantHtmlSanitizer } from './tenant-html';
import type { TenantRow, TenantsRepository } from './tenants.repository';

export type { Tenant };

export interface NewTenant {
  id: string;
  domain: string;
  isDefault: boolean;
  config: TenantConfigInput;
  publicOrigins?: readonly string[];
}

export interface TenantsService extends TenantResolver {
  /** Validates the config and stores it with its tenant HTML sanitized. */
  create(input: NewTenant): Promise<Tenant>;
  /**
   * Sanitizes the tenant HTML that tenants written before (migration 0005, or older sanitizer rules) have
   * no stored result for; run once at start. Returns the domains completed.
   */
  completeSanitizedHtml(): Promise<string[]>;
  /** Employer API (issue 10): the tenant by id; null when unknown. */
  findById(id: string): Promise<Tenant | null>;
  /**
   * Employer API: validates and replaces the tenant's config, its tenant HTML sanitized on save (as create
   * does) and its links checked (http(s) or a path of the site: no `javascript:` link reaches a page). Other
   * processes see it within TENANT_CACHE_TTL_MS. 404 for an unknown tenant.
   */
  replaceConfig(id: string, input: TenantConfigInput): Promise<Tenant>;
  /**
   * What replaceConfig checks and writes, without writing it: for a caller that writes the config in its own
   * transaction with another row (the branding upload, issue 10), all checks done before the transaction
   * opens. Throws as replaceConfig does (422 for an unsafe link, the zod error for an invalid config).
   */
  prepareConfig(input: TenantConfigInput): Promise<PreparedTenantConfig>;
  /** Drops this process's cached tenants: after a config written by prepareConfig's caller. */
  forgetCached(): void;
  /** Employer API: replaces the origins the tenant is served at (absolute links are built from them). */
  replacePublicOrigins(id: string, origins: readonly string[]): Promise<Tenant>;
}

/** A tenant config checked and sanitized, as TenantsRepository.updateConfig stores it. */
export interface PreparedTenantConfig {
  config: string;
  companyName: string;
  sanitizedHtml: string;
}

/** A link a tenant page may carry: http(s), mailto: (contact links), or a path on the site itself (not `//host`). */
export function isSafeLink(text: string, allowMail = false): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !text.startsWith('/\\');
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' || (allowMail && url.protocol === 'mailto:');
  } catch {
    return false;
  }
}

/** The config's links that are not safe, by their path in the config (for a 400's fields; the contact link first). */
export function unsafeConfigLinks(config: TenantConfig): Record<string, string> {
  const { branding, searchConfig } = config.pcsxConfig;
  if (branding.contactUrl !== undefined && !isSafeLink(branding.contactUrl, true)) {
    return { 'pcsxConfig.branding.contactUrl': 'Use an http(s) or mailto: address, or a path on this site' };
  }
  const links: [string, string | undefined][] = [
    ['pcsxConfig.branding.logoUrl', branding.logoUrl],
    ['pcsxConfig.branding.faviconUrl', branding.faviconUrl],
    ['pcsxConfig.searchConfig.mapConfig.tileUrl', searchConfig.mapConfig.tileUrl.replace(/\{[xyzs]\}/g, '0')],
    ...Object.entries(branding.heroImageConfig).flatMap(([page, hero]) =>
      (['phone', 'tablet', 'desktop'] as const).map((width): [string, string | undefined] => [`pcsxConfig.branding.heroImageConfig.${page}.${width}`, hero[width]]),
    ),
  ];
  return Object.fromEntries(links.filter(([, link]) => link !== undefined && !isSafeLink(link)).map(([path]) => [path, 'Use an http(s) address or a path on this site']));
}

export class InvalidTenantConfigError extends Error {
  override name = 'InvalidTenantConfigError';
}

/** Configs change rarely and every request needs one: keep them a few seconds, never longer. */
export const TENANT_CACHE_TTL_MS = 5000;

const DEFAULT_KEY = '';

export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase();
}

/** An origin exactly as a URL would print it: http or https, a host, an optional port, nothing else. */
const PublicOriginSchema = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}, 'an origin such as https://careers.example.com');
export const PublicOriginsSchema = z.array(PublicOriginSchema).max(20);

/** Stored origins; a damaged value counts as none configured (the server's own address is used). */
function readPublicOrigins(text: string | null): string[] {
  if (text === null) return [];
  try {
    const parsed = PublicOriginsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function parseConfig(row: TenantRow): TenantConfig {
  try {
    return TenantConfigSchema.parse(JSON.parse(row.config));
  } catch (error) {
    throw new InvalidTenantConfigError(`Tenant ${row.domain} has an invalid config`, { cause: error });
  }
}

function toTenant(row: TenantRow): Tenant {
  return {
    publicOrigins: readPublicOrigins(row.publicOrigins),
    id: row.id,
    domain: row.domain,
    isDefault: row.isDefault,
    companyName: row.companyName,
    config: parseConfig(row),
    sanitizedHtml: readSanitizedHtml(row.sanitizedHtml),
  };
}

export function createTenantsService(deps: {
  repository: TenantsRepository;
  clock: Clock;
  /** Sanitizes tenant HTML on write (production: sanitizeInChildProcess). */
  sanitizer: TenantHtmlSanitizer;
  cacheTtlMs?: number;
}): TenantsService {
  const ttl = deps.cacheTtlMs ?? TENANT_CACHE_TTL_MS;
  const cache = new Map<string, { tenant: Tenant; expiresAt: number }>();

  async function load(key: string): Promise<Tenant | null> {
    const row = key === DEFAULT_KEY ? await deps.repository.findDefault() : await deps.repository.findByDomain(key);
    return row ? toTenant(row) : null;
  }

  return {
    async resolve(domain) {
      const key = domain === undefined ? DEFAULT_KEY : normaliseDomain(domain);
      const now = deps.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.tenant;
      const tenant = await load(key);
      // Unknown domains are not cached: random `domain` values must not grow memory.
      if (tenant) cache.set(key, { tenant, expiresAt: now + ttl });
      return tenant;
    },

    async create(input) {
      // Validate on write as well as on read: a bad config never reaches the table.
      const config = TenantConfigSchema.parse(input.config);
      const sanitizedHtml = await sanitizeAll(tenantCustomHtml(config), deps.sanitizer);
      const publicOrigins = PublicOriginsSchema.parse(input.publicOrigins ?? []);
      await deps.repository.insert({
        id: input.id,
        domain: normaliseDomain(input.domain),
        isDefault: input.isDefault,
        companyName: config.pcsxConfig.branding.companyName,
        config: JSON.stringify(input.config),
        sanitizedHtml: storeSanitizedHtml(sanitizedHtml),
        publicOrigins: publicOrigins.length > 0 ? JSON.stringify(publicOrigins) : null,
        createdAt: deps.clock.now().toISOString(),
      });
      cache.clear();
      return {
        id: input.id,
        domain: normaliseDomain(input.domain),
        isDefault: input.isDefault,
        companyName: config.pcsxConfig.branding.companyName,
        config,
        sanitizedHtml,
        publicOrigins,
      };
    },

    async findById(id) {
      const row = await deps.repository.findById(id);
      return row ? toTenant(row) : null;
    },

    async prepareConfig(input) {
      const config = TenantConfigSchema.parse(input);
      const unsafe = unsafeConfigLinks(config);
      if (Object.keys(unsafe).length > 0) throw new ValidationError(unsafe);
      const sanitizedHtml = await sanitizeAll(tenantCustomHtml(config), deps.sanitizer);
      return { config: JSON.stringify(input), companyName: config.pcsxConfig.branding.companyName, sanitizedHtml: storeSanitizedHtml(sanitizedHtml) };
    },

    forgetCached() {
      cache.clear();
    },

    async replaceConfig(id, input) {
      const updated = await deps.repository.updateConfig(id, await this.prepareConfig(input));
      if (!updated) throw new NotFoundError();
      cache.clear();
      return this.findById(id).then((tenant) => tenant ?? Promise.reject(new NotFoundError()));
    },

    async replacePublicOrigins(id, origins) {
      const publicOrigins = PublicOriginsSchema.parse([...origins]);
      if (!(await deps.repository.updatePublicOrigins(id, publicOrigins.length > 0 ? JSON.stringify(publicOrigins) : null))) throw new NotFoundError();
      cache.clear();
      return this.findById(id).then((tenant) => tenant ?? Promise.reject(new NotFoundError()));
    },

    async completeSanitizedHtml() {
      const incomplete = (await deps.repository.listAll()).flatMap((row) => {
        let config: TenantConfig;
        try {
          config = parseConfig(row);
        } catch {
          // Reported where it matters: resolving the tenant fails with InvalidTenantConfigError.
          return [];
        }
        const html = tenantCustomHtml(config);
        const stored = readSanitizedHtml(row.sanitizedHtml);
        const missing = html.filter((raw) => !stored.has(raw));
        return missing.length > 0 ? [{ row, html, stored, missing }] : [];
      });
      if (incomplete.length === 0) return [];
      // One sanitizer run (one child process) for every tenant.
      const made = await sanitizeAll(
        incomplete.flatMap((tenant) => tenant.missing),
        deps.sanitizer,
      );
      for (const { row, html, stored } of incomplete) {
        const sanitizedHtml = new Map(html.map((raw) => [raw, stored.get(raw) ?? made.get(raw) ?? '']));
        await deps.repository.updateSanitizedHtml(row.id, storeSanitizedHtml(sanitizedHtml));
      }
      cache.clear();
      return incomplete.map(({ row }) => row.domain);
    },
  };
}
