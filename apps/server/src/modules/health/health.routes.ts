import type { FastifyPluginAsync } from 'fastify';
import { ServiceUnavailableError } from '../../errors';
import type { HealthService } from './health.service';

const READINESS_RETRY_AFTER_S = 5;

export const healthRoutes: FastifyPluginAsync<{ health: HealthService }> = async (app, { health }) => {
  // Liveness: the process answers; the database is not touched.
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Readiness: the database answers `select 1` (T20: 503 + Retry-After while it does not).
  app.get('/readyz', async (request) => {
    try {
      await health.checkDatabase();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      throw new ServiceUnavailableError(READINESS_RETRY_AFTER_S);
    }
    return { status: 'ready' };
  });
};
