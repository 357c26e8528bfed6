import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from './db/database';

/** T21: in-flight requests finish; past this the process exits regardless. */
export const HARD_EXIT_AFTER_MS = 10_000;
/**
 * T21 with several processes (issue 8 §2): how long a stopping process keeps serving, not ready, before it
 * closes. Requests already sent when the signal came (in the kernel's buffers, on their way through a
 * load balancer) are answered instead of refused; within it clients are told to reconnect elsewhere.
 */
export const DRAIN_GRACE_MS = 1000;

export interface ShutdownDeps {
  app: FastifyInstance;
  database: Database;
  log: FastifyBaseLogger;
  exit: (code: number) => void;
  hardExitAfterMs?: number;
  /** DRAIN_GRACE_MS unless given (tests). */
  drainGraceMs?: number;
}

/**
 * Returns a one-shot shutdown: drain (DRAIN_GRACE_MS: not ready, still serving), stop accepting connections, let Fastify finish in-flight requests,
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
        deps.app.beginDraining();
        await new Promise((resolve) => setTimeout(resolve, deps.drainGraceMs ?? DRAIN_GRACE_MS));
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
