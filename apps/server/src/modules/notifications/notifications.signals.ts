import { z } from 'zod';

/**
 * "A notification was created" as every process holding streams learns of it (issue 12 "Live updates").
 * On PostgreSQL the producer sends it with pg_notify inside the event's transaction, so it is delivered on
 * commit and never for a rolled-back event; every process LISTENs (notifications.listener.ts). On SQLite
 * (one process) it goes through the in-process bus below, and the stream reads the row after the writing
 * transaction has ended (SQLite has one connection, so the read queues behind it).
 */
export const NOTIFICATIONS_CHANNEL = 'notifications_created';

export const NotificationSignalSchema = z.object({
  tenantId: z.string().min(1).max(200),
  candidateId: z.string().min(1).max(200),
  notificationId: z.string().min(1).max(200),
});
export type NotificationSignal = z.infer<typeof NotificationSignalSchema>;

export type NotificationSignalListener = (signal: NotificationSignal) => void;

export interface NotificationSignalBus {
  publish(signal: NotificationSignal): void;
  subscribe(listener: NotificationSignalListener): () => void;
}

export function createNotificationSignalBus(): NotificationSignalBus {
  const listeners = new Set<NotificationSignalListener>();
  return {
    publish(signal) {
      for (const listener of listeners) {
        try {
          listener(signal);
        } catch {
          // One stream hub failing must not keep the signal from the others; the badge poll repairs it.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * SQLite's bus: module-wide because the producer is called with nothing but a transaction. Several apps in
 * one process (tests) share it; each hub reads the notification from its own database, so another
 * database's signal finds no row and pushes nothing.
 */
export const localNotificationSignals = createNotificationSignalBus();
