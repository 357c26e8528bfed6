import type { FastifyPluginAsync } from 'fastify';
import { ServiceUnavailableError } from '../../errors';
import type { HealthRepository } from './health.repository';

/** A readiness probe that hangs is as bad as a failing one: give the database this long. */
export const READINESS_TIMEOUT_MS = 2000;
const READINESS_RETRY_AFTER_S = 5;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsync<{ health: HealthRepository }> = async (app, { health }) => {
  // Liveness: the process answers; the database is not touched.
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Readiness: the database answers `select 1` (T20: 503 + Retry-After while it does not).
  app.get('/readyz', async (request) => {
    try {
      await withTimeout(health.ping(), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      throw new ServiceUnavailableError(READINESS_RETRY_AFTER_S);
    }
    return { status: 'ready' };
  });
};
