import type { Socket } from 'node:net';
import { ErrorCode, Messages } from '@careers/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The answers Fastify and Node give before a route is found (issue 8 §1 "Smaller"), in our shape
 * `{ error: { code, message } }` (DESIGN "Errors") and without echoing the request back:
 * - a URL that does not decode (FST_ERR_BAD_URL) is a 400 that used to repeat the path in its message;
 * - a path segment longer than the router's limit (FST_ERR_MAX_PARAM_LENGTH: a 10,000-character offer id)
 *   names nothing: 404, as an unknown id of any other length;
 * - headers too large (431), a request timeout (408) and unparsable HTTP (400) are written on the socket by
 *   Fastify's client-error handler in its own shape: written here in ours.
 */

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const notFound = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code }, 'request refused before routing');
  const body = notFound
    ? { error: { code: ErrorCode.notFound, message: Messages.notFound } }
    : { error: { code: ErrorCode.badRequest, message: Messages.problemWithRequest } };
  void reply.code(notFound ? 404 : 400).headers(JSON_HEADERS).send(JSON.stringify(body));
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', Messages.problemWithRequest];
  const body = JSON.stringify({ error: { code: ErrorCode.badRequest, message } });
  if (socket.writable) {
    const headers = Object.entries({ ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
}
