import pg from 'pg';

/** Reconnection backoff: fast at first (a restarted database), then at most every few seconds. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

export interface ChannelListenerHandle {
  /** Resolves once LISTEN is in place (tests and the bench wait for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The part of a logger the listener uses (pino's and Fastify's fit). */
export interface ChannelListenerLog {
  warn(object: object, message: string): void;
}

/**
 * A dedicated PostgreSQL connection LISTENing on one channel, handing each payload to `onPayload`. It
 * reconnects with backoff when the connection drops; what was sent meanwhile is missed (each user of it
 * says how it catches up). `label` names the user in the log lines.
 */
export function listenOnChannel(options: {
  connectionString: string;
  channel: string;
  label: string;
  log: ChannelListenerLog;
  onPayload: (payload: string) => void;
}): ChannelListenerHandle {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Not a channel name: ${options.channel}`);
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
      options.log.warn({ err: error }, `${options.label}: LISTEN connection lost; reconnecting`);
      isReady = new Promise<void>((resolve) => {
        markReady = resolve;
      });
      schedule();
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel !== options.channel || message.payload === undefined) return;
      options.onPayload(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
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

/** JSON.parse that answers null instead of throwing (a payload anyone with database access could send). */
export function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
