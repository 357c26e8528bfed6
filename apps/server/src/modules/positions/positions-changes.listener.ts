import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { POSITIONS_CHANNEL, PositionsChangeSchema, type PositionsChangeBus } from './positions-changes';

/** Reconnection backoff: fast at first (a restarted database), then at most every few seconds. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

export interface PositionsChangeListenerHandle {
  /** Resolves once LISTEN is in place (tests and the bench wait for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A dedicated PostgreSQL connection LISTENing for position changes (issue 8 §2), publishing each valid
 * message to the process's bus. It reconnects with backoff when the connection drops; what was sent
 * meanwhile is missed, and the version poll (positions-version.ts, search.service.ts) catches it up.
 * A message that does not parse is logged and dropped.
 */
export function listenForPositionsChanges(options: { connectionString: string; bus: PositionsChangeBus; log: FastifyBaseLogger }): PositionsChangeListenerHandle {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  let isReady = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const schedule = () => {
    if (closed) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 3000 });
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      options.log.warn({ err: error }, 'positions changes: LISTEN connection lost; reconnecting (changes are picked up by polling meanwhile)');
      isReady = new Promise<void>((resolve) => {
        markReady = resolve;
      });
      schedule();
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel !== POSITIONS_CHANNEL || message.payload === undefined) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.payload);
      } catch {
        parsed = null;
      }
      const change = PositionsChangeSchema.safeParse(parsed);
      if (!change.success) {
        options.log.warn('positions changes: a message that is not a change was ignored');
        return;
      }
      options.bus.publish(change.data);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${POSITIONS_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
      markReady();
    } catch (error) {
      fail(error);
    }
  };

  void connect();
  return {
    ready: () => isReady,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
