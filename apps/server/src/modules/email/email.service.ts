import { isSupportedLocale } from '@careers/i18n/locale-list';
import type { AppConfig } from '../../config';
import { serverOrigin } from '../seo/site-origin';
import type { EmailRepository, EmailTenantInfo, OutboxRow } from './email.repository';
import { renderEmail, type RenderedEmail } from './email-templates';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

export const UNSUBSCRIBE_PATH = '/api/pcsx/email/unsubscribe';
/** An unsubscribe token's subject for a guest job alert (candidate ids are UUIDs: never this prefix). */
const GUEST_SUBJECT_PREFIX = 'guest:';

/** An outbox row with what it says, for development reading (never served in production). */
export interface OutboxEmail extends RenderedEmail {
  id: string;
  to: string;
  template: string;
  status: OutboxRow['status'];
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
  /** RFC 8058 one-click address, when the email has one. */
  listUnsubscribe: string | null;
}

/** Who an unsubscribe link is for, as its page needs it (issue 12). */
export interface UnsubscribeTarget {
  /** A candidate's notification emails, or a signed-out visitor's job alert (no account, no settings). */
  kind: 'candidate' | 'guest';
  /** The candidate's saved language, else the guest's subscription language, else the email's own; null when none. */
  language: string | null;
  companyName: string;
  primaryColor: string | null;
}

export type EmailConfig = Pick<AppConfig, 'sessionSecret' | 'publicOrigin' | 'host' | 'port'>;

export interface EmailService {
  /** Renders a claimed row (the sender) or a stored one (development reading). */
  render(row: OutboxRow, tenant: EmailTenantInfo): OutboxEmail;
  tenants(ids: readonly string[]): Promise<Map<string, EmailTenantInfo>>;
  /** The tenant's newest emails as they read, for development (the dev route). */
  recent(tenantId: string, options?: { to?: string; limit?: number }): Promise<OutboxEmail[]>;
  /** Turns the token's candidate's notification emails off; false for a token that is not genuine. */
  unsubscribe(token: string): Promise<boolean>;
  /** Verifies the token and reads who it is for, changing nothing (the GET page); null for a token that is not genuine. */
  unsubscribeTarget(token: string): Promise<UnsubscribeTarget | null>;
}

export function createEmailService(deps: { repository: EmailRepository; config: EmailConfig }): EmailService {
  const { repository, config } = deps;
  const originOf = (tenant: EmailTenantInfo): string => config.publicOrigin ?? tenant.publicOrigins[0] ?? serverOrigin(config);

  const render: EmailService['render'] = (row, tenant) => {
    let params: Record<string, string> = {};
    try {
      const parsed = JSON.parse(row.params) as unknown;
      if (parsed && typeof parsed === 'object') params = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    } catch {
      params = {};
    }
    const origin = originOf(tenant);
    // A guest alert's link names the alert (`guest:<id>`): the visitor has no account to turn emails off in.
    const subject =
      row.template === 'notification' && row.candidateId
        ? row.candidateId
        : row.template === 'guest_alert' && params.guestAlertId
          ? `${GUEST_SUBJECT_PREFIX}${params.guestAlertId}`
          : null;
    // The token carries the email's language: the page the link opens speaks it when nothing newer is saved.
    const unsubscribeUrl = subject
      ? `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signUnsubscribeToken(config.sessionSecret, { tenantId: tenant.id, candidateId: subject, language: row.language }))}`
      : null;
    const rendered = renderEmail(row.template, params, {
      companyName: tenant.companyName,
      origin,
      domain: tenant.isDefault ? undefined : tenant.domain,
      unsubscribeUrl,
      language: row.language,
    });
    return {
      ...rendered,
      id: row.id,
      to: row.toAddress,
      template: row.template,
      status: row.status,
      attempts: row.attempts,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
      lastError: row.lastError,
      listUnsubscribe: unsubscribeUrl,
    };
  };

  return {
    render,
    tenants: (ids) => repository.tenants(ids),
    async recent(tenantId, options = {}) {
      const rows = await repository.recent(tenantId, Math.min(options.limit ?? 20, 100), options.to);
      const tenant = (await repository.tenants([tenantId])).get(tenantId);
      return tenant ? rows.map((row) => render(row, tenant)) : [];
    },
    async unsubscribe(token) {
      const subject = verifyUnsubscribeToken(config.sessionSecret, token);
      if (!subject) return false;
      if (subject.candidateId.startsWith(GUEST_SUBJECT_PREFIX)) {
        return repository.unsubscribeGuestAlert(subject.tenantId, subject.candidateId.slice(GUEST_SUBJECT_PREFIX.length), new Date().toISOString());
      }
      return repository.setEmailNotifications(subject.tenantId, subject.candidateId, false);
    },
    async unsubscribeTarget(token) {
      const subject = verifyUnsubscribeToken(config.sessionSecret, token);
      if (!subject) return null;
      const guest = subject.candidateId.startsWith(GUEST_SUBJECT_PREFIX);
      const id = guest ? subject.candidateId.slice(GUEST_SUBJECT_PREFIX.length) : subject.candidateId;
      const recipient = await repository.unsubscribeRecipient(subject.tenantId, { kind: guest ? 'guest' : 'candidate', id });
      if (!recipient) return null;
      const supported = (locale: string | null | undefined) => (locale && isSupportedLocale(locale) ? locale : null);
      return {
        kind: guest ? 'guest' : 'candidate',
        language: supported(recipient.locale) ?? supported(subject.language),
        companyName: recipient.companyName,
        primaryColor: recipient.primaryColor,
      };
    },
  };
}
