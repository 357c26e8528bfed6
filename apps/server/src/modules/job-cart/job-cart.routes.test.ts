import { JOB_CART_MAX_ITEMS, JobCartResponseSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, HANK, seedForTests, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { ACME, GLOBEX, archivePosition, expectJsonError, positionIdsForCandidateSuites } from '../search/search.fixtures';

const CART = '/api/pcsx/job_cart';

forEachDatabase('job cart (spec §3, §7)', (context) => {
  let app: FastifyInstance;
  let ada: TestClient;
  let grace: TestClient;
  let openIds: number[];
  let archivedId: number;
  let globexId: number;

  const cartRows = async (email: string) => {
    const candidate = await context().database.db.selectFrom('candidates').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const rows = await context().database.db.selectFrom('jobCartItems').select('positionId').where('candidateId', '=', candidate.id).execute();
    return rows.map((row) => row.positionId).sort((a, b) => a - b);
  };
  const cartOf = async (client: TestClient, domain?: string) => {
    const response = await client.request({ method: 'GET', url: domain ? `${CART}?domain=${domain}` : CART });
    expect(response.statusCode, response.body).toBe(200);
    return JobCartResponseSchema.parse(response.json()).data;
  };
  const update = (client: TestClient, pids: unknown, operation: string) =>
    client.request({ method: 'POST', url: CART, payload: { pids, operation, domain: ACME } });

  beforeAll(async () => {
    await seedForTests(context(), 130);
    ({ app } = await createTestApp(context()));
    ({ openIds, archivedId, globexId } = await positionIdsForCandidateSuites(context().database));
    ada = new TestClient(app);
    await ada.login(ADA);
    grace = new TestClient(app);
    await grace.login(GRACE);
  });
  afterAll(() => app.close());

  it('holds Ada’s three seeded items, oldest first', async () => {
    const cart = await cartOf(ada);
    expect(cart.jobCartData).toHaveLength(3);
    expect(cart.invalidPositionIds).toEqual([]);
    expect(cart.jobCartData.map((item) => item.id).sort((a, b) => a - b)).toEqual(await cartRows(ADA.email));
  });

  it('adds and removes by string ids, naming unknown, foreign and archived ids as invalid', async () => {
    const before = await cartRows(ADA.email);
    const fresh = openIds.filter((id) => !before.includes(id)).slice(0, 2);
    const response = await update(ada, [...fresh.map(String), String(archivedId), String(globexId), '999999', '2147483648', String(fresh[0])], 'add');
    expect(response.statusCode).toBe(200);
    const { data } = JobCartResponseSchema.parse(response.json());
    expect(data.jobCartData.map((item) => item.id).slice(-2)).toEqual(fresh);
    expect(data.invalidPositionIds.sort((a, b) => a - b)).toEqual([archivedId, globexId, 999999, 2147483648].sort((a, b) => a - b));
    expect(await cartRows(ADA.email)).toEqual([...before, ...fresh].sort((a, b) => a - b));

    const removed = JobCartResponseSchema.parse((await update(ada, [...fresh.map(String), String(globexId)], 'remove')).json()).data;
    expect(removed.jobCartData.map((item) => item.id).sort((a, b) => a - b)).toEqual(before);
    expect(removed.invalidPositionIds).toEqual([globexId]);
    expect(await cartRows(ADA.email)).toEqual(before);
  });

  it('flags an item archived after it was added, and lets it be removed', async () => {
    const held = await cartRows(GRACE.email);
    const target = openIds.filter((id) => !held.includes(id)).at(-1) ?? 0;
    await update(grace, [String(target)], 'add');
    await archivePosition(context().database, ACME, target);
    const cart = await cartOf(grace);
    expect(cart.jobCartData.some((item) => item.id === target)).toBe(false);
    expect(cart.invalidPositionIds).toEqual([target]);
    const removed = JobCartResponseSchema.parse((await update(grace, [String(target)], 'remove')).json()).data;
    expect(removed.invalidPositionIds).toEqual([]);
    expect(await cartRows(GRACE.email)).not.toContain(target);
  });

  it.each([
    [{ pids: [], operation: 'add' }, 'pids'],
    [{ pids: ['abc'], operation: 'add' }, 'pids.0'],
    [{ pids: [12], operation: 'add' }, 'pids.0'],
    [{ pids: ['1'], operation: 'clear' }, 'operation'],
    [{ pids: Array.from({ length: 51 }, (_, index) => String(index + 1)), operation: 'add' }, 'pids'],
    [{ operation: 'add' }, 'pids'],
  ])('refuses the body %j (400 naming %s)', async (payload, field) => {
    const error = expectJsonError(await ada.request({ method: 'POST', url: CART, payload }), 400);
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it('needs a signed-in candidate', async () => {
    const visitor = new TestClient(app);
    await visitor.start();
    const response = await visitor.request({ method: 'GET', url: CART });
    expectJsonError(response, 401);
    expect(response.headers['x-login']).toBe('1');
  });

  it('does not exist where jobCartConfig is off (globex), with a clear message', async () => {
    const hank = new TestClient(app);
    await hank.login(HANK);
    const error = expectJsonError(await hank.request({ method: 'GET', url: `${CART}?domain=${GLOBEX}` }), 404);
    expect(error.message).toBe('The job cart is not enabled on this site.');
  });

  describe('T01: one candidate never reads or changes another’s cart', () => {
    it('keeps carts apart whatever ids are sent', async () => {
      const adaBefore = await cartRows(ADA.email);
      const response = await update(grace, adaBefore.map(String), 'remove');
      expect(response.statusCode).toBe(200);
      expect(await cartRows(ADA.email)).toEqual(adaBefore);
      const graceCart = await cartOf(grace);
      const graceRows = await cartRows(GRACE.email);
      expect(graceCart.jobCartData.map((item) => item.id).sort((a, b) => a - b)).toEqual(graceRows);
      expect(graceRows.some((id) => adaBefore.includes(id))).toBe(false);
    });
  });

  it(`refuses to grow a cart past ${JOB_CART_MAX_ITEMS} items, changing nothing`, async () => {
    const candidate = await context().database.db.selectFrom('candidates').select('id').where('email', '=', GRACE.email).executeTakeFirstOrThrow();
    await context().database.db.deleteFrom('jobCartItems').where('candidateId', '=', candidate.id).execute();
    expect(openIds.length).toBeGreaterThan(JOB_CART_MAX_ITEMS);
    const ids = openIds.slice(0, JOB_CART_MAX_ITEMS);
    for (let start = 0; start < ids.length; start += 50) expect((await update(grace, ids.slice(start, start + 50).map(String), 'add')).statusCode).toBe(200);
    expect(await cartRows(GRACE.email)).toHaveLength(JOB_CART_MAX_ITEMS);
    expectJsonError(await update(grace, [String(openIds[JOB_CART_MAX_ITEMS])], 'add'), 409);
    expect(await cartRows(GRACE.email)).toHaveLength(JOB_CART_MAX_ITEMS);
    // Adding what is already there is no growth.
    expect((await update(grace, [String(ids[0])], 'add')).statusCode).toBe(200);
  });
});
