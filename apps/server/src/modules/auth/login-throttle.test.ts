import { ErrorCode, Messages } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, manualClock, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACCOUNT_MAX_CONSECUTIVE_FAILURES, ADDRESS_FREE_FAILURES, FIRST_DELAY_MS, MAX_DELAY_MS, PAIR_FREE_FAILURES, SIGNUP_TAKEN_FREE, delayAfter } from './login-throttle';

const WRONG = 'definitely-wrong-password';

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

  it('delays an address on an account after a few failures, with growing delays, even for the right password', async () => {
    const email = await newAccount();
    const client = new TestClient(app, '203.0.113.20');
    for (let attempt = 0; attempt < PAIR_FREE_FAILURES; attempt += 1) {
      expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
    }
    // The next failure starts the delays: 1 s, then 2 s, then 4 s…
    expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
    const blocked = await client.login({ email, password: NEW_PASSWORD });
    expectRateLimited(blocked);
    expect(Number(blocked.headers['retry-after'])).toBe(FIRST_DELAY_MS / 1000);
    clock.advance(FIRST_DELAY_MS);
    expect((await client.login({ email, password: WRONG })).statusCode).toBe(401);
    expect(Number((await client.login({ email, password: NEW_PASSWORD })).headers['retry-after'])).toBe((2 * FIRST_DELAY_MS) / 1000);
    clock.advance(2 * FIRST_DELAY_MS);
    expect((await client.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect([delayAfter(PAIR_FREE_FAILURES, PAIR_FREE_FAILURES), delayAfter(PAIR_FREE_FAILURES + 3, PAIR_FREE_FAILURES), delayAfter(10_000, PAIR_FREE_FAILURES)]).toEqual([0, 4000, MAX_DELAY_MS]);
  });

  it("does not lock the owner out: a stranger's failures on another address leave the owner's sign-in alone", async () => {
    const email = await newAccount();
    const stranger = new TestClient(app, '198.51.100.66');
    for (let attempt = 0; attempt < 40; attempt += 1) await stranger.login({ email, password: `${WRONG}-${attempt}` });
    expectRateLimited(await stranger.login({ email, password: WRONG }));
    // Before issue 8 this answered 429 with retry-after: 900.
    const owner = new TestClient(app, '203.0.113.21');
    expect((await owner.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('hears at most 100 consecutive failures on one account from addresses that already failed, but still a clean address', async () => {
    const email = await newAccount();
    const before = logs.length;
    // 25 addresses, 4 wrong passwords each (under every per-address delay): 100 failures on the account.
    for (let index = 0; index < ACCOUNT_MAX_CONSECUTIVE_FAILURES / 4; index += 1) {
      const attacker = new TestClient(app, `198.18.0.${index + 1}`);
      for (let attempt = 0; attempt < 4; attempt += 1) expect((await attacker.login({ email, password: `${WRONG}-${attempt}` })).statusCode).toBe(401);
    }
    expect(logs.slice(before).filter((line) => line.includes('"auth.login_failed"'))).toHaveLength(ACCOUNT_MAX_CONSECUTIVE_FAILURES);
    // Every address that already failed is refused unheard, even with the right password.
    for (let index = 0; index < ACCOUNT_MAX_CONSECUTIVE_FAILURES / 4; index += 1) {
      expectRateLimited(await new TestClient(app, `198.18.0.${index + 1}`).login({ email, password: NEW_PASSWORD }));
    }
    // A clean address is heard: a wrong guess costs it its cleanness, the owner gets in.
    expect((await new TestClient(app, '198.18.1.1').login({ email, password: WRONG })).statusCode).toBe(401);
    expectRateLimited(await new TestClient(app, '198.18.1.1').login({ email, password: NEW_PASSWORD }));
    expect((await new TestClient(app, '203.0.113.22').login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
    // Success ends the run: the account hears everyone again.
    expect((await new TestClient(app, '198.18.0.1').login({ email, password: WRONG })).statusCode).toBe(401);
  });

  it('slows an address trying many accounts (password spraying)', async () => {
    const sprayer = new TestClient(app, '198.51.100.77');
    for (let attempt = 0; attempt < ADDRESS_FREE_FAILURES; attempt += 1) {
      expect((await sprayer.login({ email: uniqueEmail('spray'), password: WRONG })).statusCode).toBe(401);
    }
    expect((await sprayer.login({ email: uniqueEmail('spray'), password: WRONG })).statusCode).toBe(401);
    expectRateLimited(await sprayer.login({ email: uniqueEmail('spray'), password: WRONG }));
  });

  it('throttles sign-up answers that reveal a taken email, per address (issue 8 §1)', async () => {
    const email = await newAccount();
    const prober = new TestClient(app, '198.51.100.88');
    const probe = () => prober.signup({ email, password: NEW_PASSWORD, firstName: 'P', lastName: 'R' });
    for (let attempt = 0; attempt <= SIGNUP_TAKEN_FREE; attempt += 1) {
      const response = await probe();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: ErrorCode.emailTaken, message: Messages.emailTaken } });
    }
    expectRateLimited(await probe());
    // A new account from that address waits too; from another address sign-up goes on.
    expectRateLimited(await prober.signup({ email: uniqueEmail('fresh'), password: NEW_PASSWORD, firstName: 'F', lastName: 'R' }));
    expect((await new TestClient(app, '203.0.113.24').signup({ email: uniqueEmail('fresh'), password: NEW_PASSWORD, firstName: 'F', lastName: 'R' })).statusCode).toBe(201);
    clock.advance(FIRST_DELAY_MS);
    expect((await probe()).statusCode).toBe(409);
  });

  it('resets the count on success', async () => {
    const email = await newAccount();
    const client = new TestClient(app, '203.0.113.23');
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < PAIR_FREE_FAILURES; attempt += 1) {
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
    // No permanent lockout: the longest delay is 15 minutes.
    clock.advance(MAX_DELAY_MS + 1000);
    expect((await client.login({ email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('throttles unknown emails the same way, so blocking reveals nothing', async () => {
    const email = uniqueEmail('ghost');
    const client = new TestClient(app);
    for (let attempt = 0; attempt <= PAIR_FREE_FAILURES; attempt += 1) {
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
