import fp from 'fastify-plugin';

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
