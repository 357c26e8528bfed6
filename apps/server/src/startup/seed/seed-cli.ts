import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrations';
import { DEFAULT_DEMO_POSITIONS, isDatabaseEmpty, resetDatabase, seedDemo } from './seed';

/**
 * `node dist/seed.js --positions N [--bench-offers N] [--reset]` (root: `npm run seed -- --positions 100000 --reset`).
 * `--bench-offers N` adds N open offers for Ada with a 10-page letter (bench/offer-signing.mjs signs them).
 * Seeds the database named by the environment (DATA_DIR / DATABASE_URL). A database that already holds
 * data is left alone unless --reset is given.
 */
const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: String(DEFAULT_DEMO_POSITIONS) },
    'bench-offers': { type: 'string', default: '0' },
    reset: { type: 'boolean', default: false },
  },
});

const positions = Number(values.positions);
const benchOffers = Number(values['bench-offers']);
const config = loadConfig();
const log = createLogger(config.logLevel);

if (!Number.isInteger(positions) || positions < 0) {
  log.error(`--positions must be a whole number, got "${values.positions}"`);
  process.exit(2);
}
if (!Number.isInteger(benchOffers) || benchOffers < 0) {
  log.error(`--bench-offers must be a whole number, got "${values['bench-offers']}"`);
  process.exit(2);
}

const database = openDatabase(config);
try {
  await migrateToLatest(database);
  if (values.reset) {
    await resetDatabase(database);
  } else if (!(await isDatabaseEmpty(database))) {
    log.error('the database already holds data; pass --reset to replace it');
    process.exitCode = 1;
  }
  if (process.exitCode !== 1) {
    const summary = await seedDemo(database, { positions, benchOffers });
    log.info({ ...summary, positionsPerSecond: Math.round(summary.positions / (summary.ms / 1000)) }, 'seeded');
  }
} finally {
  await database.close();
}
