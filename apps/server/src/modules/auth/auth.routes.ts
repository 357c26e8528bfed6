import {
  LoginRequestSchema,
  ChangePasswordRequestSchema,
  SignupRequestSchema,
  safeNextPath,
  type AuthState,
  type RevokeOtherSessionsResponse,
  type SessionListResponse,
} from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { announceCsrfToken, issueAnonymousCsrf } from '../../http/csrf';
import { parseInput } from '../../http/parse';
import { authRateLimit, type RateLimits } from '../../http/rate-limit';
import { tenantOf } from '../../http/request-context';
import { clearSessionCookie, presentedSessionIdHash, setSessionCookie } from '../../http/sessions';
import { authEventLog } from './auth-events';
import { requireCandidate } from './auth.policy';
import type { Candidate } from '../../kernel/session';
import { presentAuthState, presentSessions, type ProfileStandingPort } from './auth.presenter';
import type { AuthContext, AuthService } from './auth.service';
import { csrfTokenFor } from '../../kernel/session-tokens';
import type { NewSession } from '../../kernel/session';
import type { SessionsService } from './sessions.service';

function fieldOf(source: unknown, name: string): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionsService;
  config: AppConfig;
  limits: RateLimits;
  /** The user store's hasResume and profileCompletionData (issue 11; the profile module's); the account's alone when not given. */
  profileStanding?: ProfileStandingPort;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { auth, sessions, config, limits, profileStanding }) => {
  const authState = async (request: FastifyRequest, candidate: Candidate | null): Promise<AuthState> =>
    presentAuthState(tenantOf(request), candidate, config.staticHost, candidate && profileStanding ? await profileStanding(tenantOf(request).id, candidate.id) : undefined);

  function contextOf(request: FastifyRequest): AuthContext {
    const tenant = tenantOf(request);
    return {
      tenant,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      log: authEventLog(request.log, tenant.domain),
    };
  }

  /** New cookie and new CSRF token together (spec §7: the token changes with the session). */
  function beginSession(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
    setSessionCookie(request, reply, config, session);
    announceCsrfToken(request, reply, csrfTokenFor(config.sessionSecret, session.record.csrfSecret));
  }

  app.post('/api/auth/signup', { config: authRateLimit(limits) }, async (request, reply): Promise<AuthState> => {
    const input = parseInput(SignupRequestSchema, request.body);
    const { candidate, session } = await auth.signup(contextOf(request), input, presentedSessionIdHash(request));
    beginSession(request, reply, session);
    reply.code(201);
    return authState(request, candidate);
  });

  app.post('/api/auth/login', { config: authRateLimit(limits) }, async (request, reply): Promise<AuthState> => {
    const input = parseInput(LoginRequestSchema, request.body);
    const { candidate, session } = await auth.login(contextOf(request), input, presentedSessionIdHash(request));
    beginSession(request, reply, session);
    return authState(request, candidate);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(contextOf(request), request.session);
    clearSessionCookie(request, reply, config);
    issueAnonymousCsrf(request, reply, config);
    return reply.code(204).send();
  });

  // spec §2: the SPA's /logout screen posts here as an HTML form (field csrf_token, optional next).
  app.post('/logout', async (request, reply) => {
    await auth.logout(contextOf(request), request.session);
    clearSessionCookie(request, reply, config);
    issueAnonymousCsrf(request, reply, config);
    const next = fieldOf(request.body, 'next') ?? fieldOf(request.query, 'next');
    // T12: only same-site paths; anything else goes to the careers home.
    return reply.redirect(safeNextPath(typeof next === 'string' ? next : null), 303);
  });

  app.get('/api/auth/me', async (request, reply): Promise<AuthState> => {
    // The current token rides along so API clients can start without the HTML shell.
    announceCsrfToken(request, reply, request.csrfToken);
    return authState(request, request.session?.candidate ?? null);
  });

  app.post('/api/auth/password', { config: authRateLimit(limits) }, async (request, reply) => {
    const current = requireCandidate(request);
    const input = parseInput(ChangePasswordRequestSchema, request.body);
    const session = await auth.changePassword(contextOf(request), current, input);
    beginSession(request, reply, session);
    return reply.code(204).send();
  });

  app.get('/api/auth/sessions', async (request): Promise<SessionListResponse> => {
    const current = requireCandidate(request);
    const records = await sessions.list(current.record.tenantId, current.candidate.id);
    return presentSessions(records, current.record.idHash);
  });

  app.post('/api/auth/sessions/revoke_others', async (request): Promise<RevokeOtherSessionsResponse> => {
    const current = requireCandidate(request);
    return { revoked: await sessions.endOthers(current.candidate.id, current.record.idHash) };
  });
};
