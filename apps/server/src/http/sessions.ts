import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { hashSessionId, isWellFormedToken } from '../kernel/session-tokens';
import { SESSION_ABSOLUTE_MS, type NewSession, type SessionLookups } from '../kernel/session';
import { isHttps, tenantOf } from './request-context';

export const SESSION_COOKIE = 'cp_sid';

function cookieOptions(request: FastifyRequest, config: AppConfig) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(request, config.publicOrigin),
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, config: AppConfig, session: NewSession) {
  reply.setCookie(SESSION_COOKIE, session.cookieValue, {
    ...cookieOptions(request, config),
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, config));
}

/** Hash of the session cookie the request presented, if it could be one of ours. */
export function presentedSessionIdHash(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && isWellFormedToken(value) ? hashSessionId(value) : undefined;
}

/**
 * Resolves `request.session` from the cp_sid cookie after the tenant is known. A session belongs to one
 * tenant: on another tenant's request the visitor is simply signed out there (T02), and the cookie is
 * kept for the tenant it belongs to. Unknown or expired cookies are cleared.
 */
export const sessionsPlugin = fp<{ sessions: SessionLookups; config: AppConfig }>(
  async (app, { sessions, config }) => {
    app.addHook('preValidation', async (request, reply) => {
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie) return;
      const lookup = await sessions.lookup(cookie, tenantOf(request).id);
      switch (lookup.status) {
        case 'active':
          request.session = lookup.session;
          return;
        case 'invalid':
          clearSessionCookie(request, reply, config);
          return;
        case 'otherTenant':
          return;
      }
    });
  },
  { name: 'sessions', dependencies: ['tenant'] },
);
