import { NOTIFICATION_BADGE_POLL_MS, NOTIFICATION_STREAM_EVENTS, type Notification } from '@careers/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBootData } from '../../../lib/boot-data';
import { apiUrl } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { fetchNotificationBadge, notificationQueryKeys } from '../api/notifications';

/** spec §6: the bell shows only to a signed-in candidate where in-app notifications are enabled. */
export function useNotificationsEnabled(): boolean {
  const { isLoggedIn } = useSession();
  const { notifications } = useBootData();
  return isLoggedIn && notifications.enableCandidateInappNotifications;
}

/**
 * The badge: the live stream (issue 12) sets it as notifications arrive; the spec's 5-minute poll (§9) is
 * the fallback when the stream is down (EventSource reconnects by itself after a drop or a restart).
 */
export function useNotificationBadge(): number {
  const isEnabled = useNotificationsEnabled();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notificationQueryKeys.badge,
    queryFn: ({ signal }) => fetchNotificationBadge(signal),
    enabled: isEnabled,
    refetchInterval: NOTIFICATION_BADGE_POLL_MS,
    staleTime: NOTIFICATION_BADGE_POLL_MS,
  });

  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl('/api/pcsx/notifications/stream'));
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.badge, (event) => {
      const count = readCount((event as MessageEvent<string>).data);
      if (count !== null) queryClient.setQueryData(notificationQueryKeys.badge, count);
    });
    source.addEventListener(NOTIFICATION_STREAM_EVENTS.notification, () => {
      // A new one: the lists refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
    });
    return () => source.close();
  }, [isEnabled, queryClient]);

  return query.data ?? 0;
}

function readCount(text: string): number | null {
  try {
    const parsed = JSON.parse(text) as { count?: unknown };
    return typeof parsed.count === 'number' && parsed.count >= 0 ? parsed.count : null;
  } catch {
    return null;
  }
}

/** The redirect URL with the current page's query params merged in (its own win), spec §4. */
export function mergeQuery(redirectUrl: Notification['redirectUrl'], currentSearch: string): string {
  const url = new URL(redirectUrl, 'http://careers.invalid');
  for (const [key, value] of new URLSearchParams(currentSearch)) {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  return url.pathname + url.search + url.hash;
}
