import type { Notification } from '@careers/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { browser } from '../../../lib/browser';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/session';
import { useBootData } from '../../../lib/boot-data';
import { Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { Tabs } from '../../../ui/tabs';
import { fetchNotifications, markAllNotificationsClicked, markNotificationClicked, notificationQueryKeys, type NotificationTab } from '../api/notifications';
import { mergeQuery } from '../hooks/use-notifications';
import { notificationText } from './notification-text';
import { relativeTime } from './relative-time';

export interface NotificationPanelProps {
  id: string;
  onClose: () => void;
}

/**
 * spec §2/§4/§9: the bell's panel — a 480 px dropdown (max height min(70vh, 600px)), full screen below
 * 1024 px (notifications.css). Tabs All and Action required (when configured) move with the arrow keys.
 */
export function NotificationPanel({ id, onClose }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const { notifications: settings } = useBootData();
  const [tab, setTab] = useState<NotificationTab>('all');
  const panelRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const markAll = async () => {
    const keys = [notificationQueryKeys.list('all'), notificationQueryKeys.list('actionRequired')];
    const before = keys.map((key) => queryClient.getQueryData<Notification[] | null>(key));
    for (const key of keys) queryClient.setQueryData<Notification[] | null>(key, (list) => list?.map((item) => ({ ...item, isClicked: true })) ?? list);
    if (!(await markAllNotificationsClicked())) keys.forEach((key, index) => queryClient.setQueryData(key, before[index]));
  };

  const list = <NotificationList tab={tab} onNavigate={onClose} />;
  return (
    <div ref={panelRef} id={id} className="notification-panel" role="dialog" aria-label={t('title')} tabIndex={-1}>
      <div className="notification-panel__header">
        <h2 className="notification-panel__title">{t('title')}</h2>
        <Button variant="tertiary" size="sm" onClick={() => void markAll()}>
          {t('markAllClicked')}
        </Button>
        <Button variant="tertiary" size="sm" className="notification-panel__close" onClick={onClose} aria-label={t('close')}>
          ×
        </Button>
      </div>
      {settings.hasActionRequiredNotificationsConfigured ? (
        <Tabs
          label={t('tabs.label')}
          tabs={[
            { id: 'all', label: t('tabs.all') },
            { id: 'actionRequired', label: t('tabs.actionRequired') },
          ]}
          selectedId={tab}
          onSelect={setTab}
        >
          {list}
        </Tabs>
      ) : (
        list
      )}
    </div>
  );
}

function NotificationList({ tab, onNavigate }: { tab: NotificationTab; onNavigate: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const location = useLocation();
  const timeZone = useTimeZone();
  const key = notificationQueryKeys.list(tab);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchNotifications(tab, signal) });

  if (query.isPending) return <StateView status="loading" label={t('loading')} />;
  if (query.data === null || query.data === undefined) return <StateView status="error" message={t('error')} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <StateView status="empty" message={tab === 'all' ? t('empty') : t('emptyActionRequired')} />;

  const open = async (notification: Notification) => {
    const before = queryClient.getQueryData<Notification[] | null>(key);
    queryClient.setQueryData<Notification[] | null>(key, (list) => list?.map((item) => (item.id === notification.id ? { ...item, isClicked: true } : item)) ?? list);
    if (!(await markNotificationClicked(notification.id))) {
      queryClient.setQueryData(key, before);
      return;
    }
    onNavigate();
    browser.assign(mergeQuery(notification.redirectUrl, location.search));
  };

  const now = new Date();
  return (
    <ul className="notification-panel__list">
      {query.data.map((notification) => {
        const text = notificationText(notification, t, i18n.language);
        return (
          <li key={notification.id}>
            <button
              type="button"
              className={`notification-card${notification.isClicked ? '' : ' notification-card--unread'}`}
              onClick={() => void open(notification)}
            >
              <span className="notification-card__category">
                {text.title}
                {notification.notificationType === 'action_required' ? <span className="notification-card__flag">{t('actionRequired')}</span> : null}
              </span>
              <span className="notification-card__message">{text.message}</span>
              <time className="notification-card__time" dateTime={notification.createdAt} title={formatDateTime(notification.createdAt, i18n.language, timeZone)}>
                {relativeTime(notification.createdAt, now, i18n.language)}
              </time>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
