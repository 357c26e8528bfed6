import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, seedForTests, TestClient } from '../../test/app';
import { bootDataOf } from '../../test/boot-data';
import { forEachDatabase } from '../../test/databases';
import { ACME, positionIdsForCandidateSuites } from '../search/search.fixtures';


// issue 8 §6: the server drew "Add to cart" for a job in the cart and the browser hydrated "In cart" (#418):
// the page carries the candidate's cart, so the server's first screen and the browser's agree.
forEachDatabase('job cart in the page (issue 8 §6)', (context) => {
  let app: FastifyInstance;
  let openIds: number[];

  beforeAll(async () => {
    await seedForTests(context(), 60);
    ({ app } = await createTestApp(context()));
    ({ openIds } = await positionIdsForCandidateSuites(context().database));
  });
  afterAll(() => app.close());

  it("carries the signed-in candidate's cart, under the web's query key, on a job page and elsewhere", async () => {
    const ada = new TestClient(app);
    await ada.login(ADA);
    const pid = openIds[0]!;
    const added = await ada.request({ method: 'POST', url: '/api/pcsx/job_cart', payload: { pids: [String(pid)], operation: 'add', domain: ACME } });
    expect(added.statusCode, added.body).toBe(200);
    const api = (await ada.request({ method: 'GET', url: '/api/pcsx/job_cart' })).json() as { data: unknown };
    for (const url of [`/careers/job/${pid}`, '/careers']) {
      const boot = bootDataOf((await ada.request({ method: 'GET', url })).body);
      const cart = boot.preloadedQueries?.find((query) => query.key.join() === 'job-cart');
      expect(cart?.data, url).toEqual(api.data);
      expect((cart?.data as { jobCartData: { id: number }[] }).jobCartData).toContainEqual({ id: pid });
    }
  });

  it('carries no cart for a visitor', async () => {
    const boot = bootDataOf((await app.inject({ method: 'GET', url: `/careers/job/${openIds[0]!}` })).body);
    expect(boot.preloadedQueries?.some((query) => query.key.join() === 'job-cart') ?? false).toBe(false);
  });
});
