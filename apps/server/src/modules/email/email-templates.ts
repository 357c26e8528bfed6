import { isRtlLocale } from '@careers/i18n/locale-list';
import { localizeNotificationParams, notificationKeys } from '@careers/i18n/notification-text';
import { translator } from '../../i18n/catalogues';
import { escapeHtml } from '../../http/html';
import type { EmailTemplateName } from './email-outbox';

/** An email ready for the transport: both parts always (issue 12: a plain-text part). */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What a template needs besides its params. */
export interface EmailContext {
  companyName: string;
  /** Absolute origin links are built on (never a request's Host). */
  origin: string;
  /** `?domain=` for a tenant that is not the default one. */
  domain: string | undefined;
  /** Null for transactional emails (password reset), which no preference turns off. */
  unsubscribeUrl: string | null;
  /** The row's language (the candidate's saved one, or the page's for a password reset); unknown reads as English. */
  language: string;
}

/** Minutes a password-reset link lives (also in the email's text). */
export const PASSWORD_RESET_TTL_MINUTES = 30;

function link(context: EmailContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, context.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (context.domain) url.searchParams.set('domain', context.domain);
  return url.toString();
}

function layout(language: string, paragraphs: string[], action: { label: string; url: string } | null, footer: string | null, footerUrl: string | null): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  const button = action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '';
  const foot = footer && footerUrl ? `<hr><p style="font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(footerUrl)}">${escapeHtml(footerUrl)}</a></p>` : '';
  return `<!doctype html><html lang="${escapeHtml(language)}" dir="${isRtlLocale(language) ? 'rtl' : 'ltr'}"><body>${body}${button}${foot}</body></html>`;
}

export class UnknownEmailTemplateError extends Error {
  override name = 'UnknownEmailTemplateError';
}

/**
 * A notification's title and message in the email's language (issue 13): from its messageKey and params in
 * the `notifications` catalogue, times formatted through Intl in that language and in `timeZone` (the
 * candidate's saved zone, else the event's own). Rows queued before carry only the English text, shown as is.
 */
function notificationText(params: Record<string, string>, language: string): { title: string; message: string } {
  const keys = params.messageKey ? notificationKeys(params.messageKey) : null;
  if (!keys) return { title: params.categoryTitle ?? '', message: params.message ?? '' };
  let messageParams: Record<string, string | number> = {};
  try {
    const parsed = JSON.parse(params.messageParams ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') {
      messageParams = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
    }
  } catch {
    messageParams = {};
  }
  const zone = params.timeZone || (typeof messageParams.timeZone === 'string' ? messageParams.timeZone : null) || 'UTC';
  const t = translator(language, 'notifications');
  return { title: t(keys.title), message: t(keys.message, localizeNotificationParams(messageParams, language, zone)) };
}

export function renderEmail(template: EmailTemplateName | string, params: Record<string, string>, context: EmailContext): RenderedEmail {
  const t = translator(context.language, 'emails');
  switch (template) {
    case 'notification': {
      const url = link(context, params.redirectUrl ?? '/careers');
      const { title, message } = notificationText(params, context.language);
      const unsubscribe = t('unsubscribe');
      const footer = context.unsubscribeUrl ? `\n\n--\n${unsubscribe} ${context.unsubscribeUrl}` : '';
      return {
        subject: t('notification.subject', { company: context.companyName, title }),
        text: `${title}\n\n${message}\n\n${t('open', { url })}${footer}\n`,
        html: layout(context.language, [title, message], { label: t('openLink'), url }, context.unsubscribeUrl ? unsubscribe : null, context.unsubscribeUrl),
      };
    }
    case 'password_reset': {
      const url = link(context, '/careers/reset-password', { token: params.token ?? '' });
      const expiry = t('reset.expiry', { count: PASSWORD_RESET_TTL_MINUTES });
      const intro = t('reset.intro');
      return {
        subject: t('reset.subject', { company: context.companyName }),
        text: `${intro}\n\n${t('reset.link', { url })}\n\n${expiry}\n`,
        html: layout(context.language, [intro], { label: t('reset.action'), url }, null, null).replace('</body>', `<p>${escapeHtml(expiry)}</p></body>`),
      };
    }
    case 'guest_alert_confirm': {
      // The confirmation page (GET shows a button; only its POST confirms: mail scanners prefetch links).
      const url = link(context, '/careers/alerts/confirm', { token: params.token ?? '' });
      const intro = t('guest.confirmIntro');
      const expiry = t('guest.confirmExpiry');
      return {
        subject: t('guest.confirmSubject', { company: context.companyName }),
        text: `${intro}\n\n${t('open', { url })}\n\n${expiry}\n`,
        html: layout(context.language, [intro], { label: t('guest.confirmAction'), url }, null, null).replace('</body>', `<p>${escapeHtml(expiry)}</p></body>`),
      };
    }
    case 'guest_alert': {
      const url = link(context, params.url ?? '/careers');
      const intro = t('guest.alertIntro');
      const unsubscribe = t('guest.unsubscribe');
      const footer = context.unsubscribeUrl ? `\n\n--\n${unsubscribe} ${context.unsubscribeUrl}` : '';
      return {
        subject: t('guest.alertSubject', { company: context.companyName }),
        text: `${intro}\n\n${t('open', { url })}${footer}\n`,
        html: layout(context.language, [intro], { label: t('openLink'), url }, context.unsubscribeUrl ? unsubscribe : null, context.unsubscribeUrl),
      };
    }
    default:
      throw new UnknownEmailTemplateError(`Unknown email template: ${template}`);
  }
}
