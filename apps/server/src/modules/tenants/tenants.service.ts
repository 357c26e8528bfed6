import { TenantConfigSchema, type TenantConfig, type TenantConfigInput } from '@careers/contracts';
import type { Clock } from '../../clock';
import type { TenantRow, TenantsRepository } from './tenants.repository';

export interface Tenant {
  id: string;
  domain: string;
  isDefault: boolean;
  companyName: string;
  /** Parsed and complete (defaults applied). */
  config: TenantConfig;
}

export interface NewTenant {
  id: string;
  domain: string;
  isDefault: boolean;
  config: TenantConfigInput;
}

export interface TenantsService {
  /** The tenant a request names; no domain → the default tenant; unknown → null. */
  resolve(domain: string | undefined): Promise<Tenant | null>;
  create(input: NewTenant): Promise<Tenant>;
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

function toTenant(row: TenantRow): Tenant {
  let config: TenantConfig;
  try {
    config = TenantConfigSchema.parse(JSON.parse(row.config));
  } catch (error) {
    throw new InvalidTenantConfigError(`Tenant ${row.domain} has an invalid config`, { cause: error });
  }
  return { id: row.id, domain: row.domain, isDefault: row.isDefault, companyName: row.companyName, config };
}

export function createTenantsService(deps: {
  repository: TenantsRepository;
  clock: Clock;
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
      await deps.repository.insert({
        id: input.id,
        domain: normaliseDomain(input.domain),
        isDefault: input.isDefault,
        companyName: config.pcsxConfig.branding.companyName,
        config: JSON.stringify(input.config),
        createdAt: deps.clock.now().toISOString(),
      });
      cache.clear();
      return {
        id: input.id,
        domain: normaliseDomain(input.domain),
        isDefault: input.isDefault,
        companyName: config.pcsxConfig.branding.companyName,
        config,
      };
    },
  };
}
