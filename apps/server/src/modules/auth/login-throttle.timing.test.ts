import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { PRODUCTION_SCRYPT } from './password';

/**
 * T05's timing half: a sign-in's answer takes as long for an unknown email as for a wrong password. A `.timing`
 * file runs in the server-timing project, alone on the machine after every other suite (vitest.config.ts): a
 * median of milliseconds means nothing while another worker loads the same two cores.
 */
const WRONG = 'definitely-wrong-password';
/** Pairs of T05's timing comparison: a median of 80 per kind moves little with a burst of load. */
const SAMPLES = 80;

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
    // One account signed up; the others are copies of its row (same production-cost hash, their own email), so
    // the test spends its time on the logins it compares, not on 80 sign-ups' scrypt.
    const first = uniqueEmail('timing');
    await client.signup({ email: first, password: NEW_PASSWORD, firstName: 'T', lastName: 'M' });
    const { db } = context().database;
    const row = await db.selectFrom('candidates').selectAll().where('email', '=', first).executeTakeFirstOrThrow();
    const accounts = [first];
    for (let index = 1; index < SAMPLES; index += 1) {
      const email = uniqueEmail('timing');
      await db.insertInto('candidates').values({ ...row, id: randomUUID(), email }).execute();
      accounts.push(email);
    }
    // Each attempt from its own address, as an enumerating attacker would spread them: from one address the
    // per-address throttle (issue 8 §1, password spraying) would answer 429 after 30 failures.
    let addresses = 0;
    const time = async (body: { email: string; password: string }) => {
      addresses += 1;
      const from = new TestClient(app, `10.77.${addresses >> 8}.${addresses & 255}`);
      from.csrfToken = client.csrfToken;
      for (const [name, value] of client.cookies) from.cookies.set(name, value);
      const started = process.hrtime.bigint();
      const response = await from.request({ method: 'POST', url: '/api/auth/login', payload: body });
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
