import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from './db/database';

/** T21: in-flight requests finish; past this the process exits regardless. */
export const HARD_EXIT_AFTER_MS = 10_000;

export interface ShutdownDeps {
  app: FastifyInstance;
  database: Database;
  log: FastifyBaseLogger;
  exit: (code: number) => void;
  hardExitAfterMs?: number;
}

/**
 * Returns a one-shot shutdown: stop accepting connections, let Fastify finish in-flight requests,
 * close the database, exit. A second signal while closing changes nothing.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (signal) => {
    closing ??= (async () => {
      deps.log.info({ signal }, 'shutting down');
      const hardExit = setTimeout(() => {
        deps.log.error('shutdown took too long; exiting');
        deps.exit(1);
      }, deps.hardExitAfterMs ?? HARD_EXIT_AFTER_MS);
      hardExit.unref();
      let code = 0;
      try {
        await deps.app.close();
        await deps.database.close();
      } catch (error) {
        deps.log.error({ err: error }, 'shutdown failed');
        code = 1;
      }
      clearTimeout(hardExit);
      deps.exit(code);
    })();
    return closing;
  };
}
