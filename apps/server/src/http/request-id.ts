import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's id is kept only when it is short and plain, so it cannot forge log content. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify `genReqId`: the caller's x-request-id when acceptable, else a new UUID. */
export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id on every response so a user's report can be matched to the logs. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
