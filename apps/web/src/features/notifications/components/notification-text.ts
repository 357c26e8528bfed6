import type { Notification } from '@careers/contracts';
import { localizeNotificationParams, notificationKeys } from '@careers/i18n/notification-text';
import type { TFunction } from 'i18next';

/**
 * Issue 13: a notification's title and message in the page's language, from its messageKey and params
 * (times formatted through Intl in that language, in the viewer's own zone). A key this version does not
 * know shows the English the server stored with it.
 */
export function notificationText(notification: Notification, t: TFunction<'notifications'>, locale: string, timeZone?: string): { title: string; message: string } {
  const keys = notificationKeys(notification.messageKey);
  if (!keys) return { title: notification.categoryTitle, message: notification.message };
  const params = localizeNotificationParams(notification.messageParams, locale, timeZone);
  return {
    title: t(keys.title, { defaultValue: notification.categoryTitle }),
    message: t(keys.message, { ...params, defaultValue: notification.message }),
  };
}
