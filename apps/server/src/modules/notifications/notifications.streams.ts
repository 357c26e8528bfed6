import { NOTIFICATION_STREAM_EVENTS } from '@careers/contracts';
import type { NotificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';
import type { NotificationOwner } from './notifications.service';
import type { NotificationSignal } from './notifications.signals';

/** One open server-sent-events response, as the hub writes to it. */
export interface StreamConnection {
  /** One SSE event: `event: <name>` + `data: <json>`. */
  send(event: string, data: unknown): void;
  /** An SSE comment line (heartbeat). */
  comment(text: string): void;
  /** Ends the response. */
  end(): void;
}

/** Per candidate per process: more tabs than this fall back to the 5-minute badge poll (the 429 ends EventSource). */
export const MAX_STREAMS_PER_CANDIDATE = 5;
/** Under common proxies' 60 s idle timeout, so an idle stream is not cut. */
export const HEARTBEAT_MS = 25_000;

export interface NotificationStreams {
  /** Whether the candidate may open another stream here. */
  hasRoom(owner: NotificationOwner): boolean;
  /** Registers an open stream and sends it the current badge; returns its close (idempotent). */
  open(owner: NotificationOwner, connection: StreamConnection): Promise<() => void>;
  /** A notification was created (signals): pushes it and the new badge to that candidate's streams here. */
  deliver(signal: NotificationSignal): Promise<void>;
  /** Pushes the current badge to the candidate's streams here (after a mark). */
  refreshBadge(owner: NotificationOwner): Promise<void>;
  /** Ends every stream (shutdown: clients reconnect, to another process). */
  closeAll(): void;
  size(): number;
}

const keyOf = (owner: NotificationOwner): string => `${owner.tenantId} ${owner.candidateId}`;

/** Issue 12 "Live updates": the streams this process holds, by candidate. */
export function createNotificationStreams(deps: {
  repository: NotificationsRepository;
  maxPerCandidate?: number;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}): NotificationStreams {
  const byCandidate = new Map<string, Set<StreamConnection>>();
  const max = deps.maxPerCandidate ?? MAX_STREAMS_PER_CANDIDATE;
  let total = 0;
  let heartbeat: NodeJS.Timeout | undefined;

  const safely = (connection: StreamConnection, write: (connection: StreamConnection) => void) => {
    try {
      write(connection);
    } catch (error) {
      deps.onError?.(error);
    }
  };
  const startHeartbeat = () => {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const set of byCandidate.values()) for (const connection of set) safely(connection, (c) => c.comment('ping'));
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  };
  const stopHeartbeatIfIdle = () => {
    if (total > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };
  const pushBadge = async (owner: NotificationOwner, set: ReadonlySet<StreamConnection>) => {
    const count = await deps.repository.countUnviewed(owner.tenantId, owner.candidateId);
    for (const connection of set) safely(connection, (c) => c.send(NOTIFICATION_STREAM_EVENTS.badge, { count }));
  };

  return {
    hasRoom: (owner) => (byCandidate.get(keyOf(owner))?.size ?? 0) < max,

    async open(owner, connection) {
      const key = keyOf(owner);
      let set = byCandidate.get(key);
      if (!set) {
        set = new Set();
        byCandidate.set(key, set);
      }
      set.add(connection);
      total += 1;
      startHeartbeat();
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        const current = byCandidate.get(key);
        // closeAll may have forgotten it already.
        if (current?.delete(connection)) total -= 1;
        if (current?.size === 0) byCandidate.delete(key);
        stopHeartbeatIfIdle();
      };
      await pushBadge(owner, new Set([connection]));
      return close;
    },

    async deliver(signal) {
      const set = byCandidate.get(keyOf(signal));
      if (!set || set.size === 0) return;
      const row = await deps.repository.find(signal.tenantId, signal.candidateId, signal.notificationId);
      // Rolled back (SQLite's in-process signal comes before the commit) or deleted since: nothing to say.
      if (!row) return;
      const notification = presentNotification(row);
      for (const connection of set) safely(connection, (c) => c.send(NOTIFICATION_STREAM_EVENTS.notification, notification));
      await pushBadge(signal, set);
    },

    async refreshBadge(owner) {
      const set = byCandidate.get(keyOf(owner));
      if (set && set.size > 0) await pushBadge(owner, set);
    },

    closeAll() {
      for (const set of byCandidate.values()) for (const connection of set) safely(connection, (c) => c.end());
      byCandidate.clear();
      total = 0;
      stopHeartbeatIfIdle();
    },

    size: () => total,
  };
}
