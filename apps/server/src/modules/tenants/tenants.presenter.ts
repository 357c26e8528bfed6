import type { BootData } from '@careers/contracts';
import type { Tenant } from './tenants.service';

/** The tenant part of the boot data: the domain and the complete config (spec §3 "Config"). */
export function presentTenant(tenant: Tenant): BootData['tenant'] {
  return { domain: tenant.domain, isDefault: tenant.isDefault, config: tenant.config };
}
