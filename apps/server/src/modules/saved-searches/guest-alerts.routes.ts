import { GuestAlertConfirmBodySchema, GuestAlertSubscribeBodySchema, type GuestAlertAnswer } from '@careers/contracts';
import { negotiateLocale } from '@careers/i18n/locale-list';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CSRF_FORM_FIELD } from '../../http/csrf';
import { escapeHtml, plainPage } from '../../http/html';
import { parseInput } from '../../http/parse';
import type { RateLimits } from '../../http/rate-limit';
import { tenantOf } from '../../http/request-context';
import { translator, type Translate } from '../../i18n/catalogues';
import { normalizeGuestEmail, type GuestAlertsService } from './guest-alerts.service';

export const GUEST_ALERT_CONFIRM_PATH = '/careers/alerts/confirm';

const ConfirmQuerySchema = z.object({ token: z.string().max(200).default(''), domain: z.string().max(253).optional() });

/** Per address (tenant and normalized email), in the store every other rate limit uses (Redis when shared). */
function subscribeKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? normalizeGuestEmail(body.email) : `ip:${request.ip}`;
  return `guest-alerts:${tenantOf(request).id}:${email}`;
}

/** The confirmation page: the site's small self-contained page, in the alert's language and the tenant's colours. */
function confirmPage(request: FastifyRequest, language: string, t: Translate, title: string, message: string, extraHtml?: string): string {
  const tenant = tenantOf(request);
  return plainPage(title, message, {
    language,
    homeLabel: t('guest.pageHome'),
    brand: tenant.companyName,
    primaryColor: tenant.config.pcsxConfig.branding.primaryColor ?? null,
    ...(extraHtml ? { extraHtml } : {}),
  });
}

const send = (reply: FastifyReply, status: number, html: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);

/**
 * Issue 12 "alerts for signed-out visitors". Subscribe: signed out (CSRF with the visitor's token, as sign-in),
 * 202 whatever the address already has. The confirmation link opens a page (GET, which changes nothing: mail
 * scanners fetch links) whose button POSTs the token back; only that confirms.
 */
export const guestAlertsRoutes: FastifyPluginAsync<{ guestAlerts: GuestAlertsService; limits: RateLimits }> = async (app, { guestAlerts, limits }) => {
  app.post(
    '/api/pcsx/guest_alerts',
    { config: { rateLimit: { max: limits.guestAlertsPerAddressPerHour, timeWindow: 3_600_000, hook: 'preHandler', keyGenerator: subscribeKey } } },
    async (request, reply): Promise<GuestAlertAnswer> => {
      const tenant = tenantOf(request);
      const body = parseInput(GuestAlertSubscribeBodySchema, request.body);
      await guestAlerts.subscribe(tenant, { email: body.email, search: body.search, locale: body.locale, acceptLanguage: request.headers['accept-language'] });
      reply.code(202);
      return { ok: true };
    },
  );

  const languageOf = async (request: FastifyRequest, token: string): Promise<string> => {
    const row = token ? await guestAlerts.find(tenantOf(request), token) : null;
    return row?.locale ?? negotiateLocale(request.headers['accept-language']) ?? 'en';
  };

  app.get(GUEST_ALERT_CONFIRM_PATH, async (request, reply) => {
    const { token, domain } = parseInput(ConfirmQuerySchema, request.query);
    const language = await languageOf(request, token);
    const t = translator(language, 'emails');
    const action = domain ? `${GUEST_ALERT_CONFIRM_PATH}?domain=${encodeURIComponent(domain)}` : GUEST_ALERT_CONFIRM_PATH;
    const form =
      `<form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(request.csrfToken)}"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit">${escapeHtml(t('guest.pageButton'))}</button></form>`;
    return send(reply, 200, confirmPage(request, language, t, t('guest.pageTitle'), t('guest.pageConfirm'), form));
  });

  app.post(GUEST_ALERT_CONFIRM_PATH, async (request, reply) => {
    const { token } = parseInput(GuestAlertConfirmBodySchema, request.body);
    const language = await languageOf(request, token);
    const t = translator(language, 'emails');
    const ok = await guestAlerts.confirm(tenantOf(request), token);
    return send(reply, ok ? 200 : 404, confirmPage(request, language, t, t('guest.pageTitle'), t(ok ? 'guest.pageDone' : 'guest.pageInvalid')));
  });
};
