import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * Issue 8 §2: with several processes behind a load balancer, limits counted in each process's memory
 * allow N times the limit. With REDIS_URL they are counted in Redis (one INCR + PEXPIRE script per
 * request, a fixed window per route and client address). Keys carry a prefix (REDIS_KEY_PREFIX), so
 * deployments and test runs sharing a Redis never count each other's requests.
 *
 * When Redis cannot answer (down, unreachable, slow past COMMAND_TIMEOUT_MS) a request is counted in
 * this process's memory instead, with a warning in the log at most once per WARN_EVERY_MS: the site
 * stays up and limits still hold per process (the sign-in throttle by account lives in the database
 * and is not affected). Neither failing closed (every limited route down with Redis) nor skipping
 * limits (scrapers and guessers unthrottled while Redis is down) was acceptable.
 */

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** A request must not wait on Redis longer than this; past it the memory count decides. */
const COMMAND_TIMEOUT_MS = 250;
const WARN_EVERY_MS = 30_000;
/** Client addresses counted in memory per route while Redis is away (oldest windows are dropped first). */
const LOCAL_KEYS = 10_000;

const SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
end
return {current, ttl}`;

/** Fixed windows in memory: the single-process default's behaviour, for when Redis is away. */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(private readonly limit = LOCAL_KEYS) {}

  incr(key: string, timeWindow: number, now = Date.now()): Result {
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.limit) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + timeWindow - now };
  }
}

interface RedisWithScript extends Redis {
  careersRateLimit(key: string, timeWindow: number, callback: (error: Error | null | undefined, result?: unknown) => void): void;
}

export interface SharedRateLimits {
  /** The store class @fastify/rate-limit instantiates (its `store` option). */
  Store: new () => FastifyRateLimitStore;
  close(): Promise<void>;
}

export function createSharedRateLimits(options: { redisUrl: string; keyPrefix: string; log: FastifyBaseLogger }): SharedRateLimits {
  const redis = new Redis(options.redisUrl, {
    // A request never waits in a queue for a Redis that is not there: it is counted in memory instead.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  }) as RedisWithScript;
  redis.defineCommand('careersRateLimit', { numberOfKeys: 1, lua: SCRIPT });
  let lastWarning = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    options.log.warn({ err: error }, 'rate limits: Redis is unavailable; counting in this process until it is back');
  };
  // An EventEmitter 'error' without a listener would crash the process.
  redis.on('error', warn);

  const storeFor = (prefix: string): FastifyRateLimitStore => {
    const memory = new MemoryWindows();
    const local = (key: string, timeWindow: number, callback: Callback) => callback(null, memory.incr(key, timeWindow));
    return {
      incr(key, callback, timeWindow) {
        if (redis.status !== 'ready') {
          warn(new Error(`Redis connection is ${redis.status}`));
          local(key, timeWindow, callback);
          return;
        }
        redis.careersRateLimit(`${prefix}${key}`, timeWindow, (error, result) => {
          if (error || !Array.isArray(result)) {
            warn(error ?? new Error('unexpected Redis reply'));
            local(key, timeWindow, callback);
            return;
          }
          callback(null, { current: Number(result[0]), ttl: Math.max(0, Number(result[1])) });
        });
      },
      child(routeOptions) {
        const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
        return storeFor(`${options.keyPrefix}rl:${String(route?.method ?? routeOptions.method)}:${String(route?.url ?? routeOptions.url)}:`);
      },
    };
  };

  return {
    Store: class {
      constructor() {
        return storeFor(`${options.keyPrefix}rl:global:`);
      }
    } as unknown as new () => FastifyRateLimitStore,
    async close() {
      redis.disconnect();
    },
  };
}
