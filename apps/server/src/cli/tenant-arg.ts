import type { Database } from '../db/database';
import { NotFoundError } from '../errors';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';

/**
 * The tenant an operator names with `--tenant`: its id or the domain it is served on (operators know the
 * domain; scripts keep the id). Exactly one of the two, never a fallback to the default tenant: a typo must
 * not put a key, an import or an offer into another company's site.
 */
export async function tenantIdOf(database: Database, text: string): Promise<string> {
  const wanted = text.trim().toLowerCase();
  const tenants = await createTenantsRepository(database.db).listAll();
  const tenant = tenants.find((row) => row.id === text.trim()) ?? tenants.find((row) => row.domain.toLowerCase() === wanted);
  if (!tenant) throw new NotFoundError(`no tenant with id or domain "${text}" (see: tenant list)`);
  return tenant.id;
}
