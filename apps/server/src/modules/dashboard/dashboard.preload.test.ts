import type { PreloadedQuery } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, manualClock, seedForTests, TestClient } from '../../test/app';
import { preloadedQueriesOf as preloaded } from '../../test/boot-data';
import { forEachDatabase } from '../../test/databases';


const dashboardQueries = (queries: PreloadedQuery[]) => queries.filter((query) => query.key[0] === 'dashboard');
const applicationIds = (data: unknown) => {
  const { applications, inactiveApplications } = data as { applications: { id: string }[]; inactiveApplications: { id: string }[] };
  return [...applications, ...inactiveApplications].map((application) => application.id);
};

// P6: the dashboard's first screen comes with its answers, so it shows them without a round trip or the schemas.
forEachDatabase('dashboard in the page', (context) => {
  let app: FastifyInstance;
  const clock = manualClock();

  beforeAll(async () => {
    await seedForTests(context(), 60);
    ({ app } = await createTestApp(context(), { clock }));
  });
  afterAll(() => app.close());

  it("carries the signed-in candidate's nudges and applications, exactly as the API answers them, under the web's keys", async () => {
    const ada = new TestClient(app);
    await ada.login(ADA);
    for (const url of ['/careers/dashboard', '/careers/dashboardv2/']) {
      const page = await ada.request({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      const nudges = (await ada.request({ method: 'GET', url: '/api/pcsx/dashboard/nudges' })).json();
      const applications = (await ada.request({ method: 'GET', url: '/api/pcsx/dashboard/applications' })).json() as { data: unknown };
      expect(dashboardQueries(preloaded(page.body)), url).toEqual([
        { key: ['dashboard', 'nudges'], data: nudges },
        { key: ['dashboard', 'applications'], data: applications.data },
      ]);
      expect(applicationIds(applications.data)).toContain('application-ada-submitted');
    }
  });

  it("never carries another candidate's applications", async () => {
    const grace = new TestClient(app);
    await grace.login(GRACE);
    const [, applications] = dashboardQueries(preloaded((await grace.request({ method: 'GET', url: '/careers/dashboard' })).body));
    const theirs = applicationIds(applications?.data);
    expect(theirs.some((id) => id.startsWith('application-ada'))).toBe(false);
    const api = (await grace.request({ method: 'GET', url: '/api/pcsx/dashboard/applications' })).json() as { data: unknown };
    expect(theirs).toEqual(applicationIds(api.data));
  });

  it('carries nothing for a visitor, nor on other pages', async () => {
    expect(dashboardQueries(preloaded((await app.inject({ method: 'GET', url: '/careers/dashboard' })).body))).toEqual([]);
    const ada = new TestClient(app);
    await ada.login(ADA);
    expect(dashboardQueries(preloaded((await ada.request({ method: 'GET', url: '/careers/offers' })).body))).toEqual([]);
  });
});
