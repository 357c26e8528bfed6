import { negotiateLocale } from '@careers/i18n/locale-list';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml, plainPage } from '../../http/html';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { translator } from '../../i18n/catalogues';
import { emailLanguage } from './email-outbox';
import { UNSUBSCRIBE_PATH, type EmailService, type OutboxEmail, type UnsubscribeTarget } from './email.service';

const TokenQuerySchema = z.object({ token: z.string().min(1).max(1000), domain: z.string().max(253).optional() });

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);

/** The words per recipient: a guest's job alert has no account, so nothing about settings or signing in. */
const WORDS = {
  candidate: { title: 'unsubscribePage.candidateTitle', confirm: 'unsubscribePage.candidateConfirm', done: 'unsubscribePage.candidateDone' },
  guest: { title: 'unsubscribePage.guestTitle', confirm: 'unsubscribePage.guestConfirm', done: 'unsubscribePage.guestDone' },
} as const;

/**
 * The page's language: the recipient's (the candidate's saved one, the guest's subscription's, else the
 * email's own as the token carries it), else the browser's (Accept-Language among the supported locales), else
 * the tenant's default.
 */
function languageOf(request: FastifyRequest, target: UnsubscribeTarget | null): string {
  return target?.language ?? negotiateLocale(request.headers['accept-language']) ?? emailLanguage(null);
}

/**
 * Issue 12: the unsubscribe link works without signing in — the signed token is the authority, so these
 * routes sit outside the site scope (no session, no CSRF: a mail client's RFC 8058 one-click POST has
 * neither). GET only asks (link scanners fetch links and must not unsubscribe anyone): it verifies the token
 * and reads who it is for, nothing more; POST does it. Both answer in the recipient's language, with the
 * words for their kind; a link that is not genuine gets a neutral 404 page in the browser's language.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ emails: EmailService }> = async (app, { emails }) => {
  const render = (request: FastifyRequest, reply: FastifyReply, target: UnsubscribeTarget | null, state: 'confirm' | 'done', token: string) => {
    const language = languageOf(request, target);
    const t = translator(language, 'emails');
    const common = { language, homeLabel: t('guest.pageHome') };
    if (!target) return page(reply, 404, plainPage(t('unsubscribePage.invalidTitle'), t('unsubscribePage.invalid'), common));
    const words = WORDS[target.kind];
    const options = { ...common, brand: target.companyName, primaryColor: target.primaryColor };
    if (state === 'done') return page(reply, 200, plainPage(t(words.title), t(words.done), options));
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    const form = `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t('unsubscribePage.button'))}</button></form>`;
    return page(reply, 200, plainPage(t(words.title), t(words.confirm), { ...options, extraHtml: form }));
  };

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const { token } = parseInput(TokenQuerySchema, request.query);
    return render(request, reply, await emails.unsubscribeTarget(token), 'confirm', token);
  });

  /** RFC 8058 one-click (body List-Unsubscribe=One-Click; the token stays in the URL) and the page's button. */
  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const { token } = parseInput(TokenQuerySchema, request.query);
    const target = await emails.unsubscribeTarget(token);
    const done = target !== null && (await emails.unsubscribe(token));
    return render(request, reply, done ? target : null, 'done', token);
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
