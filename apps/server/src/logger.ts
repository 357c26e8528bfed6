import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

/**
 * Secrets never reach a log line (T22). The code never logs bodies or headers on purpose; this is the
 * second fence. It runs only on lines actually written: pino's `redact` would instead run on every
 * per-request child logger, which cost more than the rest of a health check (P1).
 */
const SECRET_KEYS = new Set([
  'password',
  'currentpassword',
  'newpassword',
  'csrf_token',
  'csrftoken',
  'sessionsecret',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'authorization',
]);
const CENSORED = '[redacted]';
const MAX_DEPTH = 6;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A copy of `value` with every secret-named key censored, through nested plain objects and arrays. */
export function censorSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => censorSecrets(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEYS.has(key.toLowerCase()) ? CENSORED : censorSecrets(item, depth + 1);
  }
  return copy;
}

export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      formatters: { log: (object) => censorSecrets(object) as Record<string, unknown> },
      timestamp: pino.stdTimeFunctions.isoTime,
      base: undefined,
    },
    stream ?? pino.destination({ dest: 1, sync: true }),
  );
}
