import type { Notification } from '@careers/contracts';
import { isIsoInstant, localizeNotificationParams, notificationKeys } from '@careers/i18n/notification-text';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { translateWithBdi } from '../../../ui/bdi';

/**
 * Issue 13: a notification's title and message in the page's language, from its messageKey and params
 * (times formatted through Intl in that language, in the viewer's own zone). A key this version does not
 * know shows the English the server stored with it. The names in the message (a position, a form, a saved
 * search, a stage) are the tenant's or the candidate's and sit in <bdi>; counts and times are ours.
 */
export function notificationText(notification: Notification, t: TFunction<'notifications'>, locale: string, timeZone?: string): { title: string; message: ReactNode } {
  const keys = notificationKeys(notification.messageKey);
  if (!keys) return { title: notification.categoryTitle, message: notification.message };
  const params = localizeNotificationParams(notification.messageParams, locale, timeZone);
  const userText: Record<string, string> = {};
  const ours: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const stored = notification.messageParams[name];
    if (typeof value === 'string' && name !== 'when' && !isIsoInstant(stored)) userText[name] = value;
    else ours[name] = value;
  }
  return {
    title: t(keys.title, { defaultValue: notification.categoryTitle }),
    message: translateWithBdi(t, keys.message, userText, { ...ours, defaultValue: notification.message }),
  };
}
