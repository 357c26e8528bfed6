import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './db/startup';
import { sanitizeInChildProcess } from './modules/tenants/tenant-html.sanitizer';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createTenantsService } from './modules/tenants/tenants.service';
import { createShutdown } from './shutdown';

const startedAt = performance.now();
const config = loadConfig();
const database = openDatabase(config);
const app = await buildApp({ config, database });

/**
 * Tenants written before their HTML was sanitized on write (migration 0005, or older sanitizer rules): the
 * results are made once, in a child process, before the first page. Should that fail, those tenants' pages
 * go out without their server-rendered screen (the browser draws them), never with unsanitized HTML.
 */
async function completeTenantHtml(): Promise<void> {
  const tenants = createTenantsService({ repository: createTenantsRepository(database.db), clock: systemClock, sanitizer: sanitizeInChildProcess });
  try {
    const completed = await tenants.completeSanitizedHtml();
    if (completed.length > 0) app.log.info({ tenants: completed }, 'tenant HTML sanitized for the server renderer');
  } catch (error) {
    app.log.error({ err: error }, 'tenant HTML could not be sanitized; pages with it go out without a server-rendered screen');
  }
}

try {
  // DESIGN "Demo data": an empty database starts as the demo site unless SEED_DEMO=0.
  const prepared = await prepareDatabase(database, { seedDemo: config.seedDemo });
  if (prepared.migrations.length > 0) app.log.info({ migrations: prepared.migrations }, 'migrations applied');
  if (prepared.seeded) app.log.info(prepared.seeded, 'demo data seeded');
  await completeTenantHtml();
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
