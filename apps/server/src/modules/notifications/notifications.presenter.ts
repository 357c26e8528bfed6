import type { Notification } from '@careers/contracts';
import type { NotificationRow } from './notifications.repository';

function paramsOf(text: string): Notification['messageParams'] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
    }
  } catch {
    // A row written by hand with bad JSON still lists, without params.
  }
  return {};
}

/** spec §3 "Notification" on the wire. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    categoryTitle: row.categoryTitle,
    message: row.message,
    createdAt: row.createdAt,
    isClicked: row.isClicked === 1,
    isViewed: row.isViewed === 1,
    redirectUrl: row.redirectUrl,
    notificationType: row.notificationType,
    messageKey: row.messageKey,
    messageParams: paramsOf(row.messageParams),
  };
}
