import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, isSupportedLocale } from '@careers/i18n/locale-list';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** The templates of email-templates.ts; params are that template's (strings only). */
export type EmailTemplateName = 'notification' | 'password_reset' | 'guest_alert_confirm' | 'guest_alert';

export interface NewEmail {
  tenantId: string;
  candidateId: string | null;
  toAddress: string;
  template: EmailTemplateName;
  params: Record<string, string>;
  /** BCP 47 tag; the templates fall back to English. */
  language?: string;
  /** ISO time it was queued (and is first due). */
  at: string;
}

/**
 * Issue 13: the language an email to a candidate is written in — the candidate's saved one, else the tenant's
 * default (tenants have none to configure yet: `en`).
 */
export function emailLanguage(saved: string | null | undefined, tenantDefault: string = DEFAULT_LOCALE): string {
  if (saved && isSupportedLocale(saved)) return saved;
  return isSupportedLocale(tenantDefault) ? tenantDefault : DEFAULT_LOCALE;
}

/**
 * Issue 12: queues an email INSIDE the caller's transaction (an email exists exactly when its event
 * committed). A sender in each process (email-sender.ts) renders and sends it later: no request waits on SMTP.
 */
export async function enqueueEmail(trx: Kysely<DatabaseSchema>, email: NewEmail): Promise<{ id: string }> {
  const id = randomUUID();
  await trx
    .insertInto('emailOutbox')
    .values({
      id,
      tenantId: email.tenantId,
      candidateId: email.candidateId,
      toAddress: email.toAddress,
      template: email.template,
      params: JSON.stringify(email.params),
      language: email.language ?? 'en',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: email.at,
      claimedUntil: null,
      lastError: null,
      createdAt: email.at,
      sentAt: null,
    })
    .execute();
  return { id };
}
