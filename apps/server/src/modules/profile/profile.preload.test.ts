import type { PreloadedQuery } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADA, createTestApp, GRACE, seedForTests, TestClient } from '../../test/app';
import { preloadedQueriesOf as preloaded } from '../../test/boot-data';
import { forEachDatabase } from '../../test/databases';


const profileQueries = (queries: PreloadedQuery[]) => queries.filter((query) => query.key[0] === 'profile' || query.key[0] === 'resume');

async function apiData(client: TestClient, url: string): Promise<unknown> {
  const response = await client.request({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
}

// P6: the profile's first screen comes with its answers, so it shows them without a round trip or the schemas.
forEachDatabase('profile in the page', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context(), 40);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  it("carries the signed-in candidate's profile, analysis and resume, exactly as the API answers them, under the web's keys", async () => {
    const ada = new TestClient(app);
    await ada.login(ADA);
    const page = await ada.request({ method: 'GET', url: '/careers/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(profileQueries(preloaded(page.body))).toEqual([
      { key: ['profile', 'details'], data: await apiData(ada, '/api/pcsx/profile_details') },
      { key: ['profile', 'analysis'], data: await apiData(ada, '/api/pcsx/profile_analysis') },
      { key: ['resume', 'current'], data: await apiData(ada, '/api/pcsx/resume') },
    ]);
  });

  it("never carries another candidate's profile", async () => {
    const grace = new TestClient(app);
    await grace.login(GRACE);
    const [details] = profileQueries(preloaded((await grace.request({ method: 'GET', url: '/careers/profile/' })).body));
    expect(details?.data).toEqual(await apiData(grace, '/api/pcsx/profile_details'));
    expect(JSON.stringify(details?.data)).not.toContain('ada@acme.example');
  });

  it('carries nothing for a visitor, nor on other pages', async () => {
    expect(profileQueries(preloaded((await app.inject({ method: 'GET', url: '/careers/profile' })).body))).toEqual([]);
    const ada = new TestClient(app);
    await ada.login(ADA);
    expect(profileQueries(preloaded((await ada.request({ method: 'GET', url: '/careers/dashboard' })).body))).toEqual([]);
  });
});
