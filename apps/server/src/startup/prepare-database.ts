import { sql } from 'kysely';
import { systemClock } from '../clock';
import type { TenantHtmlSanitizer } from '../modules/tenants/tenant-html';
import { sanitizeInChildProcess } from '../modules/tenants/tenant-html.sanitizer';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';
import { createTenantsService } from '../modules/tenants/tenants.service';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { isDatabaseEmpty, seedDemo, type SeedOptions, type SeedSummary } from './seed/seed';

export interface PreparedDatabase {
  /** Migrations applied by this start (none when the database was already current). */
  migrations: string[];
  /** The demo seed's summary when this start seeded, else null. */
  seeded: SeedSummary | null;
  /**
   * Tenants whose HTML this start sanitized (written before migration 0005 or under older sanitizer
   * rules), or why that failed: those tenants' pages then go out without a server-rendered screen (the
   * browser draws them), never with unsanitized HTML, so the start goes on.
   */
  tenantHtml: { completed: string[] } | { failed: unknown };
}

/**
 * What every start does to its database before the app listens: migrate to the latest schema; (DESIGN
 * "Demo data") seed the demo site only into an empty database; then sanitize any tenant HTML stored
 * without its clean form. A second start on the same database applies nothing and seeds nothing, so its
 * data survives restarts.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; seed?: SeedOptions; sanitizer?: TenantHtmlSanitizer },
): Promise<PreparedDatabase> {
  const sanitizer = options.sanitizer ?? sanitizeInChildProcess;
  const { migrations, seeded } = await underStartLock(database, async () => {
    const applied = await migrateToLatest(database);
    return { migrations: applied, seeded: options.seedDemo && (await isDatabaseEmpty(database)) ? await seedDemo(database, { sanitizer, ...options.seed }) : null };
  });
  const tenants = createTenantsService({ repository: createTenantsRepository(database.db), clock: systemClock, sanitizer });
  const tenantHtml = await tenants.completeSanitizedHtml().then(
    (completed) => ({ completed }),
    (error: unknown) => ({ failed: error }),
  );
  return { migrations, seeded, tenantHtml };
}

/** One key for every process of the deployment (pg_advisory_lock's bigint space; any fixed number works). */
export const START_LOCK_KEY = 0x63617265657273n; // "careers"

/**
 * Issue 8 §2: processes started together on an empty PostgreSQL database each migrated and seeded it, and
 * all but one died on a duplicate key. Migrate and seed run under a session-level advisory lock held on a
 * connection of its own: the others wait, then find the database current and seeded. A process that dies
 * holding it ends its session, which releases the lock. SQLite has one writer and one process: no lock.
 */
export async function underStartLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_LOCK_KEY.toString()}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK_KEY.toString()}::bigint)`.execute(connection);
    }
  });
}
