import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../errors';
import type { ActiveSession } from '../../kernel/session';

/** Personal routes need a signed-in candidate of the request's tenant; otherwise 401 with x-login. */
export function requireCandidate(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new UnauthenticatedError();
  return request.session;
}
