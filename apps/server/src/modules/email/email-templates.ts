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
  language: string;
}

/** Minutes a password-reset link lives (also in the email's text). */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * The emails' words by language. Only English exists today; an email in another language falls back to it
 * (the candidate's language is stored on the row, so adding a catalogue here is all a translation needs).
 */
const CATALOGUES = {
  en: {
    open: 'Open it here:',
    unsubscribe: 'You get these emails because notifications by email are on. To stop them:',
    resetSubject: (company: string) => `Reset your password for ${company} careers`,
    resetIntro: 'Someone (hopefully you) asked to reset the password of your candidate account.',
    resetAction: 'Choose a new password',
    resetExpiry: (minutes: number) => `The link works once, within ${minutes} minutes. If you did not ask for it, ignore this email; your password stays as it is.`,
  },
} as const;

type Catalogue = (typeof CATALOGUES)['en'];
const catalogueFor = (language: string): Catalogue => CATALOGUES[language as keyof typeof CATALOGUES] ?? CATALOGUES.en;

function link(context: EmailContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, context.origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (context.domain) url.searchParams.set('domain', context.domain);
  return url.toString();
}

function layout(paragraphs: string[], action: { label: string; url: string } | null, footer: string | null, footerUrl: string | null): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  const button = action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : '';
  const foot = footer && footerUrl ? `<hr><p style="font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(footerUrl)}">${escapeHtml(footerUrl)}</a></p>` : '';
  return `<!doctype html><html><body>${body}${button}${foot}</body></html>`;
}

export class UnknownEmailTemplateError extends Error {
  override name = 'UnknownEmailTemplateError';
}

export function renderEmail(template: EmailTemplateName | string, params: Record<string, string>, context: EmailContext): RenderedEmail {
  const words = catalogueFor(context.language);
  switch (template) {
    case 'notification': {
      const url = link(context, params.redirectUrl ?? '/careers');
      const title = params.categoryTitle ?? '';
      const message = params.message ?? '';
      const footer = context.unsubscribeUrl ? `\n\n--\n${words.unsubscribe} ${context.unsubscribeUrl}` : '';
      return {
        subject: `${context.companyName}: ${title}`,
        text: `${title}\n\n${message}\n\n${words.open} ${url}${footer}\n`,
        html: layout([title, message], { label: words.open.replace(/:$/, ''), url }, context.unsubscribeUrl ? words.unsubscribe : null, context.unsubscribeUrl),
      };
    }
    case 'password_reset': {
      const url = link(context, '/careers/reset-password', { token: params.token ?? '' });
      const expiry = words.resetExpiry(PASSWORD_RESET_TTL_MINUTES);
      return {
        subject: words.resetSubject(context.companyName),
        text: `${words.resetIntro}\n\n${words.resetAction}: ${url}\n\n${expiry}\n`,
        html: layout([words.resetIntro], { label: words.resetAction, url }, null, null).replace('</body>', `<p>${escapeHtml(expiry)}</p></body>`),
      };
    }
    default:
      throw new UnknownEmailTemplateError(`Unknown email template: ${template}`);
  }
}
