import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, plainPage } from '../../http/html';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { UNSUBSCRIBE_PATH, type EmailService, type OutboxEmail } from './email.service';

const TokenQuerySchema = z.object({ token: z.string().min(1).max(1000), domain: z.string().max(253).optional() });

const UnsubscribeTexts = {
  title: 'Email notifications',
  confirm: 'Stop emails about your notifications? You will still see them on the site when you sign in.',
  button: 'Unsubscribe',
  done: 'You will no longer receive notification emails. You can turn them back on in your settings.',
  invalidTitle: 'Link not valid',
  invalid: 'This unsubscribe link is not valid. Sign in and turn emails off in your settings instead.',
} as const;

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/**
 * Issue 12: the unsubscribe link works without signing in — the signed token is the authority, so these
 * routes sit outside the site scope (no session, no CSRF: a mail client's RFC 8058 one-click POST has
 * neither). GET only asks (link scanners fetch links and must not unsubscribe anyone); POST does it.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ emails: EmailService }> = async (app, { emails }) => {
  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const { token } = parseInput(TokenQuerySchema, request.query);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    const html = plainPage(UnsubscribeTexts.title, UnsubscribeTexts.confirm).replace(
      '</main>',
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(UnsubscribeTexts.button)}</button></form></main>`,
    );
    return page(reply, 200, html);
  });

  /** RFC 8058 one-click (body List-Unsubscribe=One-Click; the token stays in the URL) and the page's button. */
  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const { token } = parseInput(TokenQuerySchema, request.query);
    if (!(await emails.unsubscribe(token))) return page(reply, 404, plainPage(UnsubscribeTexts.invalidTitle, UnsubscribeTexts.invalid));
    return page(reply, 200, plainPage(UnsubscribeTexts.title, UnsubscribeTexts.done));
  });
};

const OutboxQuerySchema = z.object({ to: z.string().max(254).optional(), domain: z.string().max(253).optional() });

/**
 * Development and tests only (never registered in production): the tenant's newest emails as they read,
 * so a developer without SMTP — and the e2e suite — can follow a reset link. GET /api/dev/email_outbox?to=…
 */
export const devOutboxRoutes: FastifyPluginAsync<{ emails: EmailService }> = async (app, { emails }) => {
  app.get('/api/dev/email_outbox', async (request): Promise<{ data: OutboxEmail[] }> => {
    const query = parseInput(OutboxQuerySchema, request.query);
    return { data: await emails.recent(tenantOf(request).id, { to: query.to }) };
  });
};
