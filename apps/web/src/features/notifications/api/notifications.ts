import type { Notification, NotificationBadgeResponse, NotificationsResponse } from '@careers/contracts';
import { http } from '../../../lib/http';

export type NotificationTab = 'all' | 'actionRequired';

export const notificationQueryKeys = {
  badge: ['notifications', 'badge'] as const,
  list: (tab: NotificationTab) => ['notifications', 'list', tab] as const,
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * GET /api/pcsx/notifications (spec §7). spec §8 swallows the error (logged only); null tells the panel it
 * failed, so it can say so and offer a retry instead of claiming there are none.
 */
export async function fetchNotifications(tab: NotificationTab, signal?: AbortSignal): Promise<Notification[] | null> {
  try {
    const response = await http.get<NotificationsResponse>('/api/pcsx/notifications', {
      signal,
      query: tab === 'actionRequired' ? { type_filter: 'action_required' } : undefined,
    });
    return response.data;
  } catch (error) {
    if (isAbort(error)) throw error;
    console.error('Failed to fetch notifications', error);
    return null;
  }
}

/** GET /api/pcsx/notification_badge → data.count; 0 on failure (spec §8). */
export async function fetchNotificationBadge(signal?: AbortSignal): Promise<number> {
  try {
    const response = await http.get<NotificationBadgeResponse>('/api/pcsx/notification_badge', { signal });
    return response.data.count;
  } catch (error) {
    if (isAbort(error)) throw error;
    console.error('Failed to fetch notification badge', error);
    return 0;
  }
}

/** The mark calls swallow errors (spec §8) and say whether they worked (a card's optimistic click rolls back). */
async function mark(path: string): Promise<boolean> {
  try {
    await http.post(path, {});
    return true;
  } catch (error) {
    console.error('Failed to update notifications', error);
    return false;
  }
}

export const markAllNotificationsViewed = () => mark('/api/pcsx/notifications/mark_all_viewed');
export const markAllNotificationsClicked = () => mark('/api/pcsx/notifications/mark_all_clicked');
export const markNotificationClicked = (id: string) => mark(`/api/pcsx/notifications/${encodeURIComponent(id)}/mark_clicked`);
