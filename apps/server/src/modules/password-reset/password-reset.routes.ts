import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema, type PasswordResetAnswer } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/parse';
import type { AppConfig } from '../../config';
import { authRateLimit, type RateLimits } from '../../http/rate-limit';
import { clearSessionCookie } from '../../http/sessions';
import { tenantOf } from '../../http/request-context';
import type { PasswordResetService } from './password-reset.service';

/** Issue 12: password reset by email. Signed out (CSRF with the visitor's token, as sign-in). */
export const passwordResetRoutes: FastifyPluginAsync<{ passwordReset: PasswordResetService; limits: RateLimits; config: AppConfig }> = async (app, { passwordReset, limits, config }) => {
  app.post('/api/auth/password/forgot', { config: authRateLimit(limits) }, async (request): Promise<PasswordResetAnswer> => {
    const { email, locale } = parseInput(ForgotPasswordRequestSchema, request.body);
    await passwordReset.forgot(tenantOf(request).id, email, { page: locale, acceptLanguage: request.headers['accept-language'] });
    return { ok: true };
  });

  app.post('/api/auth/password/reset', { config: authRateLimit(limits) }, async (request, reply): Promise<PasswordResetAnswer> => {
    const { token, password } = parseInput(ResetPasswordRequestSchema, request.body);
    const candidateId = await passwordReset.reset(tenantOf(request).id, token, password);
    request.log.info({ event: 'auth.password_reset', candidateId }, 'password reset');
    // This browser's own session (if any) ended with the others; its cookie goes too.
    if (request.session) clearSessionCookie(request, reply, config);
    return { ok: true };
  });
};
