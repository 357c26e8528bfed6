import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './startup/prepare-database';
import { createShutdown } from './shutdown';

const startedAt = performance.now();
const config = loadConfig();
const database = openDatabase(config);
const app = await buildApp({ config, database, backgroundJobs: true });

try {
  // DESIGN "Demo data": an empty database starts as the demo site unless SEED_DEMO=0.
  const prepared = await prepareDatabase(database, { seedDemo: config.seedDemo });
  if (prepared.migrations.length > 0) app.log.info({ migrations: prepared.migrations }, 'migrations applied');
  if (prepared.seeded) app.log.info(prepared.seeded, 'demo data seeded');
  if ('failed' in prepared.tenantHtml) {
    app.log.error({ err: prepared.tenantHtml.failed }, 'tenant HTML could not be sanitized; pages with it go out without a server-rendered screen');
  } else if (prepared.tenantHtml.completed.length > 0) {
    app.log.info({ tenants: prepared.tenantHtml.completed }, 'tenant HTML sanitized for the server renderer');
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
