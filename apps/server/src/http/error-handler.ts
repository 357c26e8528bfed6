import { ErrorCode, Messages, type ErrorBody } from '@careers/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  InvalidJsonError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
} from '../errors';
import { plainPage, prefersHtml } from './html';

interface ErrorPayload {
  error: ErrorBody['error'] & { details?: { message: string; stack: string | undefined } };
}

/** Fastify's own 4xx errors (parsers, limits) mapped onto the contracts' codes and messages. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new InvalidJsonError();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError();
  }
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  switch (status) {
    case 401:
      return new UnauthenticatedError();
    case 403:
      return new ForbiddenError();
    case 404:
      return new NotFoundError();
    case 413:
      return new PayloadTooLargeError();
    case 415:
      return new UnsupportedMediaTypeError();
    case 429:
      return new RateLimitedError(60);
    default:
      return new BadRequestError();
  }
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, payload: ErrorPayload) {
  reply.code(status);
  if (prefersHtml(request.url, request.headers.accept)) {
    const title = status >= 500 ? Messages.internal : payload.error.message;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(plainPage(title, title));
  }
  return reply.type('application/json; charset=utf-8').send(payload);
}

/** Seconds a client is told to wait when the database cannot take its request right now. */
const DATABASE_BUSY_RETRY_AFTER_S = 2;

/**
 * The database could not take the request (T20): no pooled connection within its timeout (PostgreSQL busy or
 * stopped), a refused or dropped connection, too many clients, a server shutting down, SQLite's busy
 * timeout. These are a moment's unavailability, not a bug: 503 with Retry-After, which clients retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', '53300', '57P01', '57P02', '57P03', 'SQLITE_BUSY'].includes(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated (unexpectedly|due to connection timeout)/.test(error.message);
}

/**
 * DESIGN "Errors": every failure answers `{ error: { code, message, fields? } }` with its status. An
 * unexpected failure is a bare 500 — no stack, no SQL — except for admins, decided from the signed-in
 * session on the server (spec §2 Shell "shows the technical error and stack only to admin users", T23).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((rawError: FastifyError, request, reply) => {
      const known = rawError instanceof AppError ? rawError : fromFastifyError(rawError);
      if (known) {
        request.log.info({ code: known.code, statusCode: known.statusCode }, 'request refused');
        for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
        const error: ErrorPayload['error'] = { code: known.code, message: known.message };
        if (known.fields) error.fields = known.fields;
        return send(request, reply, known.statusCode, { error });
      }
      if (isDatabaseUnavailable(rawError)) {
        request.log.warn({ err: rawError }, 'database unavailable');
        const unavailable = new ServiceUnavailableError(DATABASE_BUSY_RETRY_AFTER_S);
        for (const [name, value] of Object.entries(unavailable.headers)) reply.header(name, value);
        return send(request, reply, unavailable.statusCode, { error: { code: unavailable.code, message: unavailable.message } });
      }
      request.log.error({ err: rawError }, 'request failed');
      const error: ErrorPayload['error'] = { code: ErrorCode.internal, message: Messages.internal };
      if (request.session?.candidate.isAdmin) {
        error.details = { message: rawError.message, stack: rawError.stack };
      }
      return send(request, reply, 500, { error });
    });

    app.setNotFoundHandler((request, reply) => {
      request.log.info({ statusCode: 404 }, 'route not found');
      return send(request, reply, 404, { error: { code: ErrorCode.notFound, message: Messages.notFound } });
    });
  },
  { name: 'error-handler' },
);
