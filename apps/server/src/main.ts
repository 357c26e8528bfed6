import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { isDatabaseEmpty, seedDemo } from './db/seed/seed';
import { createShutdown } from './shutdown';

const startedAt = performance.now();
const config = loadConfig();
const database = openDatabase(config);
const app = await buildApp({ config, database });

try {
  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  // DESIGN "Demo data": an empty database starts as the demo site unless SEED_DEMO=0.
  if (config.seedDemo && (await isDatabaseEmpty(database))) {
    const summary = await seedDemo(database);
    app.log.info(summary, 'demo data seeded');
  }
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'start failed');
  await database.close();
  process.exit(1);
}

app.log.info(`ready in ${Math.round(performance.now() - startedAt)} ms`);

const shutdown = createShutdown({ app, database, log: app.log, exit: (code) => process.exit(code) });
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
