import { AuthStateSchema, OnboardingBootDataSchema } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';

forEachDatabase('onboarding routes', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context());
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  async function newCandidate(): Promise<{ client: TestClient; email: string }> {
    const client = new TestClient(app);
    const email = uniqueEmail('onboard');
    await client.signup({ email, password: NEW_PASSWORD, firstName: 'New', lastName: 'Person' });
    return { client, email };
  }
  const row = (email: string) =>
    context().database.db.selectFrom('candidates').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('needs a signed-in candidate', async () => {
    const client = new TestClient(app);
    await client.start();
    for (const url of ['/api/pcsx/onboarding', '/api/pcsx/profile_bootstrap']) {
      const response = await client.request({ method: 'POST', url, payload: { skip: true } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('marks a candidate onboarded, idempotently', async () => {
    const { client, email } = await newCandidate();
    for (let round = 0; round < 2; round += 1) {
      const response = await client.request({ method: 'POST', url: '/api/pcsx/onboarding' });
      expect(response.statusCode).toBe(200);
      expect(OnboardingBootDataSchema.parse(response.json())).toMatchObject({ isOnboarded: true, isBootstrapped: false });
    }
    expect((await row(email)).isOnboarded).toBe(1);
  });

  it('saves the bootstrap fields and marks the profile bootstrapped', async () => {
    const { client, email } = await newCandidate();
    const response = await client.request({
      method: 'POST',
      url: '/api/pcsx/profile_bootstrap',
      payload: { firstName: ' Mary ', lastName: 'Jackson', location: 'Hampton, VA' },
    });
    expect(response.statusCode).toBe(200);
    const state = AuthStateSchema.parse(response.json());
    expect(state.userStore.profile).toMatchObject({ firstName: 'Mary', lastName: 'Jackson', location: 'Hampton, VA' });
    expect(state.onboarding.isBootstrapped).toBe(true);
    // The profile page's eight-part rule: of a new profile, only the location is done (no phone, headline, lists).
    expect(state.userStore.profileCompletionData).toEqual({ percent: 13, missing: ['contact', 'headline', 'resume', 'work_experience', 'education', 'skills', 'languages'] });
    expect(await row(email)).toMatchObject({ firstName: 'Mary', location: 'Hampton, VA', isBootstrapped: 1 });
  });

  it('lets the candidate skip without changing the profile', async () => {
    const { client, email } = await newCandidate();
    const response = await client.request({ method: 'POST', url: '/api/pcsx/profile_bootstrap', payload: { skip: true } });
    expect(response.statusCode).toBe(200);
    expect(await row(email)).toMatchObject({ firstName: 'New', lastName: 'Person', location: null, isBootstrapped: 1 });
  });

  it('validates the fields and changes nothing on failure', async () => {
    const { client, email } = await newCandidate();
    const response = await client.request({
      method: 'POST',
      url: '/api/pcsx/profile_bootstrap',
      payload: { firstName: '', lastName: 'X', location: 'y'.repeat(121) },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['firstName', 'location']);
    expect((await row(email)).isBootstrapped).toBe(0);
  });
});
