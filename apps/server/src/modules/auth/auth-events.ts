import type { FastifyBaseLogger } from 'fastify';

/** Every authentication event is logged with time, candidate, tenant and request id (T22). */
export type AuthEvent =
  | 'auth.signup'
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.logout'
  | 'auth.password_changed'
  | 'auth.throttled';

/** Records one event; never pass an email or a password here. */
export type AuthEventLog = (event: AuthEvent, candidateId: string | null) => void;

/** `log` is the request's child logger, which already carries the request id. */
export function authEventLog(log: FastifyBaseLogger, tenantDomain: string): AuthEventLog {
  return (event, candidateId) => log.info({ event, candidateId, tenant: tenantDomain }, event);
}
