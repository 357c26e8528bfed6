import { ErrorCode, Messages } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, manualClock, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { THROTTLE_BLOCK_MS, THROTTLE_MAX_FAILURES } from './auth.service';
import { PRODUCTION_SCRYPT } from './password';

const WRONG = 'definitely-wrong-password';
/** Pairs of T05's timing comparison: a median of 80 per kind moves little with a burst of load. */
const SAMPLES = 80;

function expectRateLimited(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({ error: { code: ErrorCode.rateLimited, message: Messages.rateLimited } });
}

forEachDatabase('login throttling (T05, T06)', (context) => {
  const clock = manualClock();
  let app: FastifyInstance;
  let logs: string[];

  beforeAll(async () => {
    await seedForTests(context());
    ({ app, logs } = await createTestApp(context(), { clock }));
  });
  afterAll(() => app.close());

  async function newAccount(): Promise<string> {
    const email = uniqueEmail('throttle');
    await new TestClient(app).signup({ email, password: NEW_PASSWORD, firstName: 'T', lastName: 'H' });
    return email;
  }

  it('blocks an account for 15 minutes after 10 consecutive failures, even for the right password', async () => {
    const email = await newAccount();
    const client = new TestClient(app);
    for (let attempt = 0; attempt < THROTTLE_MAX_FAILURES; attempt += 1) {
      expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
    }
    const blocked = await client.login({ email, password: NEW_PASSWORD });
    expectRateLimited(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE_BLOCK_MS / 1000);
    clock.advance(THROTTLE_BLOCK_MS - 1000);
    expectRateLimited(await client.login({ email, password: NEW_PASSWORD }));
    clock.advance(2000);
    expect((await client.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('resets the count on success', async () => {
    const email = await newAccount();
    const client = new TestClient(app);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < THROTTLE_MAX_FAILURES - 1; attempt += 1) {
        expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
      }
      expect((await client.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
    }
  });

  it('evaluates at most 100 of 1,000 consecutive wrong passwords on one account, and never locks it for good', async () => {
    const email = await newAccount();
    const client = new TestClient(app);
    const before = logs.length;
    const statuses = new Map<number, number>();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const { statusCode } = await client.login({ email, password: `${WRONG}-${attempt}` });
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    const evaluated = logs.slice(before).filter((line) => line.includes('"auth.login_failed"')).length;
    expect(evaluated).toBeLessThanOrEqual(100);
    expect(statuses.get(401)).toBe(evaluated);
    expect(statuses.get(429)).toBe(1000 - evaluated);
    clock.advance(THROTTLE_BLOCK_MS + 1000);
    expect((await client.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('throttles unknown emails the same way, so blocking reveals nothing', async () => {
    const email = uniqueEmail('ghost');
    const client = new TestClient(app);
    for (let attempt = 0; attempt < THROTTLE_MAX_FAILURES; attempt += 1) {
      expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
    }
    expectRateLimited(await client.login({ email, password: WRONG }));
  });

  it('logs auth.throttled', () => {
    expect(logs.some((line) => line.includes('"auth.throttled"'))).toBe(true);
  });
});

forEachDatabase('per-IP rate limit on sign-in (T06)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context(), { rateLimits: { authPerMinute: 5 } }));
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past the limit, and a spoofed X-Forwarded-For does not reset it', async () => {
    const client = new TestClient(app, '203.0.113.7');
    await client.start();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client.request({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: WRONG } });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await client.request({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: WRONG } }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const spoofed = await client.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: WRONG },
        headers: { 'x-forwarded-for': `198.51.100.${attempt}`, 'x-real-ip': `198.51.100.${attempt}` },
      });
      expectRateLimited(spoofed);
    }
  });

  it('limits sign-up per address too', async () => {
    const client = new TestClient(app, '203.0.113.9');
    await client.start();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.request({ method: 'POST', url: '/api/auth/signup', payload: {} })).statusCode).toBe(400);
    }
    expectRateLimited(await client.request({ method: 'POST', url: '/api/auth/signup', payload: {} }));
  });

  it('counts each client address separately', async () => {
    const client = new TestClient(app, '203.0.113.8');
    await client.start();
    const response = await client.request({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: WRONG } });
    expect(response.statusCode).toBe(401);
  });
});

/** The middle value (the mean of the two middle values for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) throw new Error('median of no values');
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

forEachDatabase('login timing (T05)', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    // Production cost: the comparison only means something at the real scrypt work factor.
    ({ app } = await createTestApp(context(), { scrypt: PRODUCTION_SCRYPT }));
  });
  afterAll(() => app.close());

  // Retried because a loaded 2-core machine can skew one run; a real leak (no dummy hash: ~40 ms per
  // attempt at this cost) fails every run.
  it('takes the same time for an unknown email as for a wrong password (Δ < 5 ms)', { retry: 2, timeout: 90_000 }, async () => {
    const client = new TestClient(app);
    // What an attacker enumerating emails compares: a first wrong attempt at an existing account and at an
    // email that has none. Each sample is a first failure, so both kinds write a new throttle row alike.
    const accounts: string[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      const email = uniqueEmail('timing');
      await client.signup({ email, password: NEW_PASSWORD, firstName: 'T', lastName: 'M' });
      accounts.push(email);
    }
    const time = async (body: { email: string; password: string }) => {
      const started = process.hrtime.bigint();
      const response = await client.request({ method: 'POST', url: '/api/auth/login', payload: body });
      expect(response.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Warm-up: the first unknown email also computes the dummy hash once.
    await time({ email: uniqueEmail('warm-up'), password: WRONG });
    // Alternating back-to-back samples, so load on a shared 2-core machine falls on both kinds alike. T05
    // compares the MEDIAN latencies: their difference must stay under 5 ms. A real leak (no dummy hash:
    // ~40 ms per attempt at this cost) moves every sample, the median included.
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [sample, email] of accounts.entries()) {
      if (sample % 2 === 0) {
        known.push(await time({ email, password: WRONG }));
        unknown.push(await time({ email: uniqueEmail('nobody'), password: WRONG }));
      } else {
        unknown.push(await time({ email: uniqueEmail('nobody'), password: WRONG }));
        known.push(await time({ email, password: WRONG }));
      }
    }
    const difference = median(known) - median(unknown);
    console.info(`T05 ${context().dialect}: median known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, Δ ${difference.toFixed(2)} ms over ${known.length}+${unknown.length} samples`);
    expect(Math.abs(difference), `median known − unknown = ${difference.toFixed(2)} ms`).toBeLessThan(5);
  });
});
