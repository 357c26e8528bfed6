import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';
import { MemoryWindows } from './rate-limit-store';
import { rateLimitPlugin } from './rate-limit';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';

/**
 * Issue 8 §2: with REDIS_URL every process counts one limit in Redis (N processes are not N× the limit),
 * under a key prefix of its own; Redis going away never crashes the server or lifts the limits.
 */
const REDIS_URL = TEST_REDIS_URL;

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`rate-limit-store.test: no Redis at ${REDIS_URL}; the shared-limit tests are skipped (CI starts one: .ci/run)`);

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function limitedApp(redisUrl: string | undefined, keyPrefix: string, lines: string[] = []): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level: 'warn' }, stream) as FastifyBaseLogger });
  await app.register(rateLimitPlugin, { redisUrl, redisKeyPrefix: keyPrefix });
  await app.register(errorHandlerPlugin);
  app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get('/other', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  apps.push(app);
  await app.ready();
  return app;
}

let probes = 0;
/**
 * The first requests may come before ioredis has connected: they are then counted in memory. Ready means a
 * probe from a new address leaves a key in Redis under the app's prefix (on a loaded host that takes a while).
 */
async function waitReady(app: FastifyInstance, prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    for (let tries = 0; tries < 200; tries += 1) {
      const before = (await redis.keys(`${prefix}*`)).length;
      probes += 1;
      await app.inject({ method: 'GET', url: '/other', remoteAddress: `10.9.${Math.floor(probes / 250)}.${probes % 250}` });
      if ((await redis.keys(`${prefix}*`)).length > before) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the app never counted in Redis');
  } finally {
    redis.disconnect();
  }
}

const statuses = async (app: FastifyInstance, count: number, address = '10.0.0.1'): Promise<number[]> => {
  const codes: number[] = [];
  for (let at = 0; at < count; at += 1) codes.push((await app.inject({ method: 'GET', url: '/limited', remoteAddress: address })).statusCode);
  return codes;
};

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  it('counts one limit across processes: 2 requests on one and 2 on the other make the 4th a 429', async () => {
    const prefix = `careers-test-${randomBytes(6).toString('hex')}:`;
    const [first, second] = [await limitedApp(REDIS_URL, prefix), await limitedApp(REDIS_URL, prefix)];
    await waitReady(first, prefix);
    await waitReady(second, prefix);
    expect(await statuses(first, 2)).toEqual([200, 200]);
    expect(await statuses(second, 1)).toEqual([200]);
    const refused = await second.inject({ method: 'GET', url: '/limited', remoteAddress: '10.0.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect(await statuses(first, 1, '10.0.0.2')).toEqual([200]);

    const keys = new Redis(REDIS_URL);
    try {
      const stored = await keys.keys(`${prefix}*`);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every((key) => key.startsWith(`${prefix}rl:GET:`))).toBe(true);
      await keys.del(...stored);
    } finally {
      keys.disconnect();
    }
  });

  it('keeps prefixes apart: another run under its own prefix starts from zero', async () => {
    const [onePrefix, twoPrefix] = [`careers-test-${randomBytes(6).toString('hex')}:`, `careers-test-${randomBytes(6).toString('hex')}:`];
    const [one, two] = [await limitedApp(REDIS_URL, onePrefix), await limitedApp(REDIS_URL, twoPrefix)];
    await waitReady(one, onePrefix);
    await waitReady(two, twoPrefix);
    expect(await statuses(one, 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(two, 3)).toEqual([200, 200, 200]);
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('answers, limits in memory, and logs a warning instead of crashing', async () => {
    const lines: string[] = [];
    // Nothing listens on port 1: every connection attempt fails.
    const app = await limitedApp('redis://127.0.0.1:1', 'careers-test-down:', lines);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await statuses(app, 4)).toEqual([200, 200, 200, 429]);
    expect(lines.some((line) => line.includes('Redis is unavailable'))).toBe(true);
  });
});

describe('memory windows', () => {
  it('count within a window, restart after it, and forget the oldest address past the cap', () => {
    const windows = new MemoryWindows(2);
    expect(windows.incr('a', 1000, 0)).toEqual({ current: 1, ttl: 1000 });
    expect(windows.incr('a', 1000, 400)).toEqual({ current: 2, ttl: 600 });
    expect(windows.incr('a', 1000, 1000)).toEqual({ current: 1, ttl: 1000 });
    windows.incr('b', 1000, 1000);
    windows.incr('c', 1000, 1000);
    expect(windows.incr('a', 1000, 1001).current).toBe(1);
  });
});
