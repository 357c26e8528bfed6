import { TenantConfigSchema, tenantCustomHtml } from '@careers/contracts';
import { sql } from 'kysely';
import type { Clock } from '../../clock';
import { createCandidatesRepository } from '../../modules/auth/candidates.repository';
import { createPasswordHasher, type ScryptParams } from '../../modules/auth/password';
import { createTenantsRepository } from '../../modules/tenants/tenants.repository';
import { createSearchIndexWriter, VocabularyCounter } from '../../search-engine/search-index.writer';
import { sanitizeAll, withKnownResults, type TenantHtmlSanitizer } from '../../modules/tenants/tenant-html';
import { sanitizeInChildProcess } from '../../modules/tenants/tenant-html.sanitizer';
import { createTenantsService, type Tenant } from '../../modules/tenants/tenants.service';
import type { Database } from '../../db/database';
import { DEMO_CANDIDATES } from './demo-candidates';
import { ACME_CONFIG, ACME_DOMAIN, GLOBEX_CONFIG, GLOBEX_DOMAIN } from './demo-tenants';
import { generatePositions, insertPositions } from './positions';
import { SeededRandom } from './random';
import { seedNotifications } from './seed-notifications';
import { seedSavedSearches } from './seed-saved-searches';
import { purgeOffers, seedOffers } from './seed-offers';
import { seedSearchDemo } from './search-demo';
import { seedProfiles } from './seed-profiles';
import { seedResumes } from './seed-resumes';
import { APPLICATION_TABLES, seedApplications } from './seed-applications';
import { INTERVIEW_TABLES, seedInterviews } from './seed-interviews';

export const DEFAULT_DEMO_POSITIONS = 2000;
const GLOBEX_POSITIONS = 40;
const SEED = 20240917;
const SALT_BYTES = 16;

export interface SeedOptions {
  /** Positions for the default tenant (acme.example). */
  positions?: number;
  /**
   * Dates are laid out relative to this instant; default: today at 00:00 UTC, so the demo looks fresh
   * and two seeds on the same day (or with the same date) are identical row for row.
   */
  referenceDate?: Date;
  /** Lower scrypt cost in tests only. */
  scrypt?: ScryptParams;
  /** Extra Extended offers for Ada with a 10-page letter, for the signing benchmark. */
  benchOffers?: number;
  /** Sanitizes the demo tenants' HTML; default a child process (jsdom), as every config write. */
  sanitizer?: TenantHtmlSanitizer;
}

export interface SeedSummary {
  tenants: number;
  candidates: number;
  positions: number;
  ms: number;
  /** Demo (and bench) offers, seeded after `ms` is taken so it keeps measuring the position import (P9). */
  offers: number;
  offersMs: number;
}

/** Tables the demo seed fills, children first (for --reset). */
const SEEDED_TABLES = [
  ...INTERVIEW_TABLES,
  // Issue 11: a resume names an uploaded file, so it goes first.
  'candidateResumes',
  ...APPLICATION_TABLES,
  'notifications',
  'savedSearches',
  'emailOutbox',
  'passwordResetTokens',
  'sessions',
  'loginThrottle',
  'savedPositions',
  'jobCartItems',
  'candidateProfiles',
  'searchTermDeletes',
  'searchIndexVersions',
  'positionLocations',
  'positions',
  'candidates',
  // Issue 10: keys, their audit log and branding images belong to a tenant (a reset starts without keys).
  'apiKeys',
  'adminAuditLog',
  'tenantBrandingImages',
  'tenants',
] as const;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Deletes every seeded row and restarts position ids at 1. */
export async function resetDatabase(database: Database): Promise<void> {
  await purgeOffers(database);
  for (const table of SEEDED_TABLES) await database.db.deleteFrom(table).execute();
  await createSearchIndexWriter(database.dialect).clearPostings(database.db);
  if (database.dialect === 'postgres') {
    await sql`alter table positions alter column id restart with 1`.execute(database.db);
  }
}

/**
 * The deterministic demo site (DESIGN "Demo data"). Later features add their rows here, each from the
 * same SeededRandom so the whole seed stays reproducible: draw from `random` in a fixed order only.
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const referenceDate = options.referenceDate ?? startOfUtcDay(new Date());
  const fixedClock: Clock = { now: () => referenceDate };
  const random = new SeededRandom(SEED);
  const sanitize = options.sanitizer ?? sanitizeInChildProcess;
  // Both demo tenants' HTML in one run (one child process) rather than one run per tenant.
  const demoHtml = await sanitizeAll(
    [ACME_CONFIG, GLOBEX_CONFIG].flatMap((config) => tenantCustomHtml(TenantConfigSchema.parse(config))),
    sanitize,
  );
  const tenantsService = createTenantsService({
    repository: createTenantsRepository(database.db),
    clock: fixedClock,
    sanitizer: withKnownResults(demoHtml, sanitize),
  });
  const candidates = createCandidatesRepository(database.db, database.dialect);
  const hasher = createPasswordHasher(options.scrypt);

  // Issue 8 §1: absolute links come from a tenant's configured origins, never from a request's Host.
  const acme = await tenantsService.create({ id: random.uuid(), domain: ACME_DOMAIN, isDefault: true, config: ACME_CONFIG, publicOrigins: [`https://careers.${ACME_DOMAIN}`] });
  const globex = await tenantsService.create({
    id: random.uuid(),
    domain: GLOBEX_DOMAIN,
    isDefault: false,
    config: GLOBEX_CONFIG,
    publicOrigins: [`https://careers.${GLOBEX_DOMAIN}`, `https://jobs.${GLOBEX_DOMAIN}`],
  });
  const tenantsByDomain = new Map<string, Tenant>([
    [acme.domain, acme],
    [globex.domain, globex],
  ]);

  for (const demo of DEMO_CANDIDATES) {
    const tenant = tenantsByDomain.get(demo.domain);
    if (!tenant) throw new Error(`Demo candidate ${demo.email} names an unknown tenant`);
    await candidates.insertIfAbsent({
      id: random.uuid(),
      tenantId: tenant.id,
      email: demo.email,
      // A salt from the seeded generator keeps the rows identical between runs; these passwords are public.
      passwordHash: await hasher.hash(demo.password, random.bytes(SALT_BYTES)),
      firstName: demo.firstName,
      lastName: demo.lastName,
      location: demo.location,
      avatarPath: null,
      isAdmin: demo.isAdmin,
      isThemeBuilderUser: demo.isAdmin,
      isOnboarded: true,
      isBootstrapped: true,
      createdAt: referenceDate.toISOString(),
    });
  }

  const searchIndex = createSearchIndexWriter(database.dialect);
  const vocabulary = new VocabularyCounter();
  const positionStore = { db: database.db, searchIndex, vocabulary, sqlite: database.sqlite };
  const importPositions = async () => {
    const imported = await insertPositions(
      positionStore,
      generatePositions(random, {
        tenantId: acme.id,
        companyName: acme.companyName,
        refPrefix: 'ACME',
        count: options.positions ?? DEFAULT_DEMO_POSITIONS,
        referenceDate,
      }),
    );
    return (
      imported +
      (await insertPositions(
        positionStore,
        generatePositions(random, {
          tenantId: globex.id,
          companyName: globex.companyName,
          refPrefix: 'GLOBEX',
          count: GLOBEX_POSITIONS,
          referenceDate,
        }),
      ))
    );
  };
  const positions = await importPositions();

  for (const tenant of tenantsByDomain.values()) {
    await searchIndex.writeVocabulary(database.db, tenant.id, vocabulary);
    await searchIndex.bumpVersion(database.db, tenant.id, referenceDate);
  }
  await seedSearchDemo(database.db, random, referenceDate);
  await seedProfiles(database.db);
  await seedResumes(database, referenceDate);
  await seedApplications(database.db, [...tenantsByDomain.values()], referenceDate);
  await seedInterviews(database.db, [...tenantsByDomain.values()], referenceDate);
  // Planner statistics: without them SQLite reads `tenant_id = ? AND id IN (…)` through a tenant
  // index (half the table) instead of ten primary-key lookups.
  await sql`analyze`.execute(database.db);

  const ms = Date.now() - started;
  const offers = await seedOffers(database, { tenantsByDomain, referenceDate, benchOffers: options.benchOffers });
  await seedNotifications(database, { tenantsByDomain, referenceDate });
  await seedSavedSearches(database, { tenantsByDomain, referenceDate });
  return { tenants: tenantsByDomain.size, candidates: DEMO_CANDIDATES.length, positions, ms, offers: offers.offers, offersMs: offers.ms };
}
