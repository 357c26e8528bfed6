import { randomUUID } from 'node:crypto';
import { NotificationRedirectUrlSchema, type NotificationType } from '@careers/contracts';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { emailLanguage, enqueueEmail } from '../email/email-outbox';
import { localNotificationSignals, NOTIFICATIONS_CHANNEL, type NotificationSignal } from './notifications.signals';

export interface NewNotification {
  tenantId: string;
  candidateId: string;
  notificationType: NotificationType;
  /**
   * English text, stored for a reader that does not know messageKey. The bell (web) and the email (issue 13)
   * write the notification from messageKey + messageParams in the reader's language; an ISO instant in the
   * params (`startsAt`) is formatted there, in that language and zone.
   */
  categoryTitle: string;
  message: string;
  /** An i18n key of packages/i18n/locales/<lang>/notifications.json, e.g. "notifications.offerExtended". */
  messageKey: string;
  messageParams?: Record<string, string | number>;
  /** Where the candidate acts: a path on this site (T12), e.g. "/careers/offer/abc". */
  redirectUrl: string;
  /** Also email it when the candidate allows emails (default true). */
  email?: boolean;
  /** When it happened (default now): the seed and tests pass their clock's time. */
  at?: Date;
}

export class NotificationInputError extends Error {
  override name = 'NotificationInputError';
}

const isPostgres = (db: Kysely<DatabaseSchema>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The candidate's saved choices (issue 11, migration 0016); no saved row means in-app on, language and zone unset. */
async function preferencesOf(trx: Kysely<DatabaseSchema>, tenantId: string, candidateId: string) {
  const row = await trx
    .selectFrom('candidatePreferences')
    .select(['inAppNotifications', 'locale', 'timeZone'])
    .where('tenantId', '=', tenantId)
    .where('candidateId', '=', candidateId)
    .executeTakeFirst();
  return { inApp: row?.inAppNotifications !== 0, locale: row?.locale ?? null, timeZone: row?.timeZone ?? null };
}

/**
 * Issue 12: creates a candidate's notification INSIDE the caller's transaction — the event and its
 * notification (and its email in the outbox) commit together or not at all. Call it with the transaction
 * that writes the event (offer extended, stage changed, form requested, …). The candidate must belong to the
 * tenant (throws otherwise: a caller's bug, which rolls its transaction back). Open streams learn of it on
 * commit (notifications.signals.ts).
 */
export async function createNotification(trx: Kysely<DatabaseSchema>, input: NewNotification): Promise<{ id: string }> {
  const redirect = NotificationRedirectUrlSchema.safeParse(input.redirectUrl);
  if (!redirect.success) throw new NotificationInputError(`Notification redirectUrl must be a path on this site: ${JSON.stringify(input.redirectUrl)}`);
  const candidate = await trx
    .selectFrom('candidates')
    .select(['email', 'emailNotifications'])
    .where('tenantId', '=', input.tenantId)
    .where('id', '=', input.candidateId)
    .executeTakeFirst();
  if (!candidate) throw new NotificationInputError('Notification for a candidate the tenant does not have');

  const id = randomUUID();
  const createdAt = (input.at ?? new Date()).toISOString();
  // Issue 11 settings: in-app notifications off leaves out the informational ones; those asking the candidate
  // to act (an offer to sign, a form to fill) still arrive, as the screens they point to show them anyway.
  const preferences = await preferencesOf(trx, input.tenantId, input.candidateId);
  const isInApp = input.notificationType === 'action_required' || preferences.inApp;
  if (isInApp) {
    await trx
      .insertInto('notifications')
      .values({
        id,
        tenantId: input.tenantId,
        candidateId: input.candidateId,
        notificationType: input.notificationType,
        categoryTitle: input.categoryTitle,
        message: input.message,
        messageKey: input.messageKey,
        messageParams: JSON.stringify(input.messageParams ?? {}),
        redirectUrl: redirect.data,
        isViewed: 0,
        isClicked: 0,
        createdAt,
      })
      .execute();
  }

  if (input.email !== false && candidate.emailNotifications === 1) {
    await enqueueEmail(trx, {
      tenantId: input.tenantId,
      candidateId: input.candidateId,
      toAddress: candidate.email,
      template: 'notification',
      // Issue 13: the email is written when it is sent, in the candidate's language, from the message's key
      // and params (times in the candidate's saved zone); the English text stays for a key it does not know.
      params: {
        categoryTitle: input.categoryTitle,
        message: input.message,
        redirectUrl: redirect.data,
        messageKey: input.messageKey,
        messageParams: JSON.stringify(input.messageParams ?? {}),
        ...(preferences.timeZone ? { timeZone: preferences.timeZone } : {}),
      },
      language: emailLanguage(preferences.locale),
      at: createdAt,
    });
  }

  if (!isInApp) return { id };
  const signal: NotificationSignal = { tenantId: input.tenantId, candidateId: input.candidateId, notificationId: id };
  if (isPostgres(trx)) {
    // Transactional: delivered to every LISTENing process on commit, never for a rollback.
    await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${JSON.stringify(signal)})`.execute(trx);
  } else {
    localNotificationSignals.publish(signal);
  }
  return { id };
}
