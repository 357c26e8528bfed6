import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * T21 with several processes: the first step of a graceful stop. Readiness answers 503 (the load
     * balancer stops sending here) and every response says `Connection: close` (clients reconnect,
     * elsewhere), while requests are still served normally — including those already on their way
     * when the signal came, which a closing server would refuse (503) or reset.
     */
    beginDraining(): void;
  }
}

const REAP_EVERY_MS = 100;

/**
 * T21 graceful shutdown: close() stops new connections and waits for open ones. A keep-alive socket
 * whose request was in flight when close() began stays open after its response; closing idle sockets
 * every few milliseconds lets close() finish as soon as the last response is out, not at the
 * keep-alive timeout. (A request arriving on such a socket meanwhile gets Fastify's 503 + Connection: close.)
 */
export const drainPlugin = fp(
  async (app) => {
    let reaper: NodeJS.Timeout | undefined;
    let draining = false;
    app.decorate('beginDraining', () => {
      draining = true;
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!draining) return;
      reply.header('connection', 'close');
      if (request.url === '/readyz' || request.url.startsWith('/readyz?')) throw new ServiceUnavailableError(1);
    });
    app.addHook('preClose', async () => {
      reaper = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS);
      reaper.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(reaper);
    });
  },
  { name: 'drain' },
);
