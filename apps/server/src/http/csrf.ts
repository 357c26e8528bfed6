import { CSRF_HEADER } from '@careers/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { CsrfInvalidError } from '../errors';
import { csrfTokenFor, isWellFormedToken, newRandomToken, tokensMatch } from '../kernel/session-tokens';
import { isHttps } from './request-context';

export const ANONYMOUS_CSRF_COOKIE = 'cp_csrf';
/** The HTML form POST /logout carries the token as a field (spec §2 "Logout redirects to the server logout"). */
export const CSRF_FORM_FIELD = 'csrf_token';
const ANONYMOUS_CSRF_MAX_AGE_S = 7 * 24 * 60 * 60;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REMEMBERED_TOKENS = 10_000;

/** Sends a changed token so the page can update its meta tag (spec §7 "a response can refresh the CSRF token"). */
export function announceCsrfToken(request: FastifyRequest, reply: FastifyReply, token: string): void {
  request.csrfToken = token;
  reply.header(CSRF_HEADER, token);
}

/** Gives a signed-out visitor a fresh anonymous secret (at first visit and after sign-out). */
export function issueAnonymousCsrf(request: FastifyRequest, reply: FastifyReply, config: AppConfig): string {
  const secret = newRandomToken();
  reply.setCookie(ANONYMOUS_CSRF_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config.publicOrigin),
    maxAge: ANONYMOUS_CSRF_MAX_AGE_S,
  });
  const token = csrfTokenFor(config.sessionSecret, secret);
  announceCsrfToken(request, reply, token);
  return token;
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string') return header;
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    const field = (request.body as Record<string, unknown> | undefined)?.[CSRF_FORM_FIELD];
    if (typeof field === 'string') return field;
  }
  return undefined;
}

/**
 * spec §7 + T03: every POST/PUT/PATCH/DELETE carries the current token; a missing, wrong or another
 * session's token is refused before any handler runs, so nothing changes.
 */
export const csrfPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    // A visitor's token is the same HMAC on every request; remembering it spares a hot read (a job's
    // details, P2) the hashing. Bounded: emptied when full rather than grown.
    const tokens = new Map<string, string>();
    const tokenFor = (secret: string): string => {
      let token = tokens.get(secret);
      if (token === undefined) {
        if (tokens.size >= REMEMBERED_TOKENS) tokens.clear();
        token = csrfTokenFor(config.sessionSecret, secret);
        tokens.set(secret, token);
      }
      return token;
    };

    app.addHook('preValidation', async (request, reply) => {
      const anonymousSecret = request.cookies[ANONYMOUS_CSRF_COOKIE];
      if (request.session) {
        request.csrfToken = tokenFor(request.session.record.csrfSecret);
      } else if (anonymousSecret && isWellFormedToken(anonymousSecret)) {
        request.csrfToken = tokenFor(anonymousSecret);
      } else {
        issueAnonymousCsrf(request, reply, config);
      }
      if (SAFE_METHODS.has(request.method)) return;
      const presented = presentedToken(request);
      if (!presented || !tokensMatch(presented, request.csrfToken)) throw new CsrfInvalidError();
    });
  },
  { name: 'csrf', dependencies: ['sessions'] },
);
