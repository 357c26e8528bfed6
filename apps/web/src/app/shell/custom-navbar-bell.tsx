import { createPortal } from 'react-dom';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useMountElement } from '../../lib/use-mount-element';

/**
 * Where a tenant's custom navbar (its own HTML) wants the notification bell: an element with this id, e.g.
 * `<span id="careers-notifications"></span>` (the sanitizer keeps ids).
 */
export const NOTIFICATION_MOUNT_ID = 'careers-notifications';

/**
 * spec §2 Shell: with a custom navbar the notification container polls for its mount element each second
 * and gives up after about ten tries (the tenant's HTML appears once the sanitizer has loaded, or never).
 */
export function CustomNavbarBell({ html }: { html: string }) {
  const element = useMountElement(`#${NOTIFICATION_MOUNT_ID}`, html);
  return element ? createPortal(<NotificationBell />, element) : null;
}
