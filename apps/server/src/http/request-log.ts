import fp from 'fastify-plugin';

/**
 * One line per finished request instead of Fastify's two. The path is logged without its query
 * string, and no headers or bodies, so nothing secret can slip into the log (T22). Registered only when
 * the level lets info lines through, so a quieter level also saves the hook (P1).
 */
export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      const url = request.url;
      const queryAt = url.indexOf('?');
      request.log.info(
        {
          method: request.method,
          path: queryAt === -1 ? url : url.slice(0, queryAt),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
