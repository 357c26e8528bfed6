import type { TenantConfigInput } from '@careers/contracts';
import { createTenantOverviewRepository } from '../../modules/tenants/tenant-overview.repository';
import { createTenantsRepository, type TenantRow } from '../../modules/tenants/tenants.repository';
import { normaliseDomain, PublicOriginsSchema } from '../../modules/tenants/tenants.service';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type CliContext, type DatabaseCliCommand } from '../cli-command';

/**
 * `tenant create|list|show` (issue 10): a company gets its site from the command line — an id, the host
 * it is served on and its name, with the default config (everything else has defaults; the employer
 * API's settings call replaces it later).
 */

/** Ids appear in logs, API paths and keys: letters, digits, "-" and "_". */
const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
/** A host name (labels of letters, digits and "-"), optionally with a port: how requests name the tenant. */
const DOMAIN = /^(?=.{1,253}(:|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

export function defaultTenantConfig(companyName: string): TenantConfigInput {
  return { pcsxConfig: { branding: { companyName } } } as TenantConfigInput;
}

function originsOf(row: TenantRow): string[] {
  try {
    const parsed = PublicOriginsSchema.safeParse(JSON.parse(row.publicOrigins ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function create(args: string[], { services, database, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, {
    id: { type: 'string' },
    domain: { type: 'string' },
    name: { type: 'string' },
    origin: { type: 'string', multiple: true },
  });
  positionals(rest, []);
  const id = required(values.id, 'id');
  const domain = normaliseDomain(required(values.domain, 'domain'));
  const name = required(values.name, 'name');
  if (!TENANT_ID.test(id)) throw new UsageError(`--id "${id}" must be letters, digits, "-" or "_" (at most 100, starting with a letter or digit)`);
  if (!DOMAIN.test(domain)) throw new UsageError(`--domain "${domain}" is not a host name (e.g. careers.example.com)`);
  if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
  const origins = PublicOriginsSchema.safeParse(values.origin ?? []);
  if (!origins.success) throw new UsageError(`--origin must be an origin such as https://careers.example.com (got ${(values.origin ?? []).join(', ')})`);

  const tenants = await createTenantsRepository(database.db).listAll();
  const clash = tenants.find((tenant) => tenant.id === id) ? `a tenant with id "${id}" already exists` : tenants.find((tenant) => tenant.domain === domain) ? `a tenant is already served on "${domain}"` : null;
  if (clash) {
    io.err(`tenant create: ${clash}`);
    return EXIT_FAILED;
  }
  // The first tenant answers requests that name no known domain.
  const isDefault = tenants.length === 0;
  const created = await services.tenants.create({ id, domain, isDefault, config: defaultTenantConfig(name), publicOrigins: origins.data });
  io.out(`created tenant ${created.id} (${created.domain}, "${created.companyName}")${isDefault ? ' as the default tenant' : ''}`);
  return EXIT_OK;
}

async function list(args: string[], { database, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { json: { type: 'boolean' } });
  positionals(rest, []);
  const tenants = await createTenantsRepository(database.db).listAll();
  const open = await createTenantOverviewRepository(database.db).openPositionsByTenant();
  const rows = tenants.map((tenant) => ({ id: tenant.id, domain: tenant.domain, companyName: tenant.companyName, isDefault: tenant.isDefault, openPositions: open.get(tenant.id) ?? 0 }));
  if (values.json) {
    io.out(JSON.stringify(rows));
    return EXIT_OK;
  }
  // Tab separated: cut and awk read it; a person reads the header.
  io.out(['id', 'domain', 'company', 'default', 'open_positions'].join('\t'));
  for (const row of rows) io.out([row.id, row.domain, row.companyName, row.isDefault ? 'yes' : 'no', String(row.openPositions)].join('\t'));
  return EXIT_OK;
}

async function show(args: string[], { database, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { json: { type: 'boolean' } });
  const [id] = positionals(rest, ['id']) as [string];
  const tenant = (await createTenantsRepository(database.db).listAll()).find((row) => row.id === id);
  if (!tenant) {
    io.err(`tenant show: no tenant with id "${id}"`);
    return EXIT_FAILED;
  }
  const counts = await createTenantOverviewRepository(database.db).counts(id);
  let config: Record<string, unknown> = {};
  try {
    config = JSON.parse(tenant.config) as Record<string, unknown>;
  } catch {
    // Shown as empty; the site reports the broken config where it matters.
  }
  const pcsx = (config.pcsxConfig ?? {}) as { searchConfig?: { allFilters?: string[] }; jobCartConfig?: { enabled?: boolean }; seoConfig?: { indexable?: boolean } };
  const summary = {
    id: tenant.id,
    domain: tenant.domain,
    companyName: tenant.companyName,
    isDefault: tenant.isDefault,
    createdAt: tenant.createdAt,
    publicOrigins: originsOf(tenant),
    config: {
      filters: pcsx.searchConfig?.allFilters ?? [],
      jobCart: pcsx.jobCartConfig?.enabled ?? false,
      indexable: pcsx.seoConfig?.indexable ?? true,
    },
    counts,
  };
  if (values.json) {
    io.out(JSON.stringify(summary));
    return EXIT_OK;
  }
  io.out(`id: ${summary.id}`);
  io.out(`domain: ${summary.domain}`);
  io.out(`company: ${summary.companyName}`);
  io.out(`default: ${summary.isDefault ? 'yes' : 'no'}`);
  io.out(`created: ${summary.createdAt}`);
  io.out(`origins: ${summary.publicOrigins.length > 0 ? summary.publicOrigins.join(' ') : '(none: the server address is used)'}`);
  io.out(`filters: ${summary.config.filters.length > 0 ? summary.config.filters.join(', ') : '(none)'}`);
  io.out(`job cart: ${summary.config.jobCart ? 'on' : 'off'}; indexable: ${summary.config.indexable ? 'yes' : 'no'}`);
  io.out(`positions: ${counts.openPositions} open, ${counts.archivedPositions} archived`);
  io.out(`candidates: ${counts.candidates}; offers: ${counts.offers}`);
  return EXIT_OK;
}

export const tenantCommand: DatabaseCliCommand = {
  group: 'tenant',
  usage: ['tenant create --id <id> --domain <host> --name <company> [--origin <url>]...', 'tenant list [--json]', 'tenant show <id> [--json]'],
  needsDatabase: true,
  async run(args, context) {
    const { verb, rest } = verbOf(args, ['create', 'list', 'show']);
    if (verb === 'create') return create(rest, context);
    if (verb === 'list') return list(rest, context);
    return show(rest, context);
  },
};
