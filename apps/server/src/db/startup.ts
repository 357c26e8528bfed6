import type { Database } from './database';
import { migrateToLatest } from './migrations';
import { isDatabaseEmpty, seedDemo, type SeedOptions, type SeedSummary } from './seed/seed';

export interface PreparedDatabase {
  /** Migrations applied by this start (none when the database was already current). */
  migrations: string[];
  /** The demo seed's summary when this start seeded, else null. */
  seeded: SeedSummary | null;
}

/**
 * What every start does to its database before the app listens: migrate to the latest schema, then (DESIGN
 * "Demo data") seed the demo site only into an empty database. A second start on the same database applies
 * nothing and seeds nothing, so its data survives restarts.
 */
export async function prepareDatabase(database: Database, options: { seedDemo: boolean; seed?: SeedOptions }): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database);
  const seeded = options.seedDemo && (await isDatabaseEmpty(database)) ? await seedDemo(database, options.seed) : null;
  return { migrations, seeded };
}
