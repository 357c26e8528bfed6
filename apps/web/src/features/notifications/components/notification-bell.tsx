import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markAllNotificationsViewed, notificationQueryKeys } from '../api/notifications';
import { useNotificationBadge, useNotificationsEnabled } from '../hooks/use-notifications';
import type { NotificationPanelProps } from './notification-panel';
import { lazyNamed } from '../../../lib/lazy-named';
import { IconButtonBadge } from '../../../ui/icon-button';
import './notifications.css';

// The panel (its list, tabs and message texts) loads when the bell is first pointed at or opened: it is not
// part of every page's first bundle (QUALITY P5).
const NotificationPanel = lazyNamed<NotificationPanelProps, 'NotificationPanel'>(() => import('./notification-panel'), 'NotificationPanel');

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}

/** spec §2 Shell: the notification bell with its unviewed badge; opening it zeroes the badge and marks all viewed (§4). */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const isEnabled = useNotificationsEnabled();
  const count = useNotificationBadge();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);

  if (!isEnabled) return null;

  const toggle = () => {
    if (isOpen) {
      setOpen(false);
      return;
    }
    setOpen(true);
    queryClient.setQueryData(notificationQueryKeys.badge, 0);
    void markAllNotificationsViewed();
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div ref={rootRef} className="notification-bell">
      <button
        ref={buttonRef}
        type="button"
        className="ui-icon-button"
        aria-label={t('bell', { count })}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={toggle}
        onPointerEnter={() => void NotificationPanel.preload().catch(() => undefined)}
        onFocus={() => void NotificationPanel.preload().catch(() => undefined)}
      >
        <BellIcon />
        <IconButtonBadge count={count} />
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
