import type { FastifyBaseLogger } from 'fastify';
import { listenOnChannel, parseJsonOrNull, type ChannelListenerHandle } from '../../db/pg-channel-listener';
import { NOTIFICATIONS_CHANNEL, NotificationSignalSchema, type NotificationSignalBus } from './notifications.signals';

/**
 * PostgreSQL: a LISTEN connection per process for created notifications (issue 12 "Live updates"). While it
 * reconnects, signals are missed; open pages catch up with the 5-minute badge poll (spec §9).
 */
export function listenForNotificationSignals(options: { connectionString: string; bus: NotificationSignalBus; log: FastifyBaseLogger }): ChannelListenerHandle {
  return listenOnChannel({
    connectionString: options.connectionString,
    channel: NOTIFICATIONS_CHANNEL,
    label: 'notification signals',
    log: options.log,
    onPayload(payload) {
      const signal = NotificationSignalSchema.safeParse(parseJsonOrNull(payload));
      if (signal.success) options.bus.publish(signal.data);
      else options.log.warn('notification signals: a message that is not a signal was ignored');
    },
  });
}
