import { NOTIFICATIONS_LIST_LIMIT, type Notification, type NotificationBootData, type NotificationType } from '@careers/contracts';
import { NotFoundError } from '../../errors';
import type { NotificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';

/** Whose notifications: always a tenant and one of its candidates. */
export interface NotificationOwner {
  tenantId: string;
  candidateId: string;
}

export const NotificationsMessages = {
  notFound: 'Notification not found.',
  disabled: 'Notifications are not enabled on this site.',
} as const;

export interface NotificationsService {
  list(owner: NotificationOwner, type?: NotificationType): Promise<Notification[]>;
  /** Unviewed count (spec §7 notification_badge data.count). */
  badge(owner: NotificationOwner): Promise<number>;
  markAllViewed(owner: NotificationOwner): Promise<void>;
  /** Another candidate's (or tenant's) id, or an unknown one: NotFoundError. */
  markClicked(owner: NotificationOwner, id: string): Promise<Notification>;
  markAllClicked(owner: NotificationOwner): Promise<void>;
}

export function createNotificationsService(deps: { repository: NotificationsRepository }): NotificationsService {
  const { repository } = deps;
  return {
    async list(owner, type) {
      const rows = await repository.list(owner.tenantId, owner.candidateId, { type, limit: NOTIFICATIONS_LIST_LIMIT });
      return rows.map(presentNotification);
    },
    badge: (owner) => repository.countUnviewed(owner.tenantId, owner.candidateId),
    markAllViewed: (owner) => repository.markAllViewed(owner.tenantId, owner.candidateId),
    async markClicked(owner, id) {
      if (!(await repository.markClicked(owner.tenantId, owner.candidateId, id))) throw new NotFoundError(NotificationsMessages.notFound);
      const row = await repository.find(owner.tenantId, owner.candidateId, id);
      if (!row) throw new NotFoundError(NotificationsMessages.notFound);
      return presentNotification(row);
    },
    markAllClicked: (owner) => repository.markAllClicked(owner.tenantId, owner.candidateId),
  };
}

/**
 * spec §3 "Notification boot data", the one source for both the page's boot data (shell.presenter.ts) and
 * GET /api/pcsx/notifications_boot_data. spec §6: notifications show only when logged in.
 */
export function notificationBootData(
  tenant: { domain: string; config: { notificationsConfig: { enableCandidateInappNotifications: boolean; hasActionRequiredNotificationsConfigured: boolean } } },
  isLoggedIn: boolean,
): NotificationBootData {
  const settings = tenant.config.notificationsConfig;
  return {
    groupId: tenant.domain,
    isLoggedIn,
    enableCandidateInappNotifications: settings.enableCandidateInappNotifications,
    hasActionRequiredNotificationsConfigured: settings.hasActionRequiredNotificationsConfigured,
  };
}
