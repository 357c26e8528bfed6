import { AuthStateSchema, NudgesResponseSchema, profileCompletionFacts, profileCompletionOf, type ProfileDetails } from '@careers/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, createTestApp, NEW_PASSWORD, seedForTests, TestClient, uniqueEmail } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { editProfile, readProfile } from './profile.test-support';

// Issue 11: the user store's profileCompletionData (GET /api/auth/me, the shell's boot data, the dashboard's
// complete-profile nudge) is the profile page's completion — one rule (contracts profileCompletionOf) over the
// profile as profile_details answers it — after every kind of edit.
forEachDatabase('profile completion: the user store agrees with the profile page', (context) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    await seedForTests(context(), 5);
    ({ app } = await createTestApp(context()));
  });
  afterAll(() => app.close());

  const pageCompletion = (profile: ProfileDetails) => profileCompletionOf(profileCompletionFacts(profile));

  const userStoreCompletion = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode, response.body).toBe(200);
    return AuthStateSchema.parse(response.json()).userStore.profileCompletionData;
  };

  const nudgeCompletion = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: '/api/pcsx/dashboard/nudges' });
    expect(response.statusCode, response.body).toBe(200);
    const nudge = NudgesResponseSchema.parse(response.json()).nudges.find((item) => item.kind === 'complete_profile');
    return nudge && nudge.kind === 'complete_profile' ? { percent: nudge.percent, missing: nudge.missing } : null;
  };

  const bootCompletion = async (client: TestClient) => {
    const response = await client.request({ method: 'GET', url: '/careers/profile' });
    expect(response.statusCode).toBe(200);
    const match = /"profileCompletionData":(\{[^}]*\})/.exec(response.body);
    return match ? (JSON.parse(match[1] as string) as unknown) : null;
  };

  describe('a new candidate, section by section', () => {
    it('every step: /api/auth/me and the shell boot data say what the page says', async () => {
      const kim = new TestClient(app);
      const signedUp = await kim.signup({ email: uniqueEmail('completion'), password: NEW_PASSWORD, firstName: 'Kim', lastName: 'Doe' });
      expect(signedUp.statusCode, signedUp.body).toBe(201);

      const steps = [
        () => editProfile(kim, { op_section: 'contact', operation: 'update', op_data: { value: { firstName: 'Kim', lastName: 'Doe', phone: '+44 20 7946 0958', headline: 'Controls engineer', summary: null } } }),
        () => editProfile(kim, { op_section: 'location', operation: 'update', op_data: { value: 'Leeds, UK' } }),
        () => editProfile(kim, { op_section: 'skills', operation: 'replace', op_data: { value: ['PLC', 'Python'] } }),
        () => editProfile(kim, { op_section: 'skills', operation: 'add', op_data: { value: 'ROS 2' } }),
        () => editProfile(kim, { op_section: 'work_experience', operation: 'add', op_data: { value: { title: 'Engineer', company: 'Acme', location: null, startDate: '2020-01', endDate: null, isCurrent: true, description: null } } }),
        () => editProfile(kim, { op_section: 'education', operation: 'add', op_data: { value: { school: 'Leeds', degree: 'BEng', fieldOfStudy: null, startDate: null, endDate: null, isCurrent: false, description: null } } }),
        () => editProfile(kim, { op_section: 'languages', operation: 'add', op_data: { value: { name: 'English', proficiency: 'native' } } }),
      ];

      const first = pageCompletion(await readProfile(kim));
      expect(first).toEqual({ percent: 0, missing: ['contact', 'headline', 'location', 'resume', 'work_experience', 'education', 'skills', 'languages'] });
      expect(await userStoreCompletion(kim)).toEqual(first);

      const seen: number[] = [first.percent];
      for (const step of steps) {
        const page = pageCompletion(await step());
        expect(await userStoreCompletion(kim)).toEqual(page);
        seen.push(page.percent);
      }
      // Two parts for the contact step (phone and headline), skills only at the third one, then one part each.
      expect(seen).toEqual([0, 25, 38, 38, 50, 63, 75, 88]);
      expect(await userStoreCompletion(kim)).toEqual({ percent: 88, missing: ['resume'] });
      expect(await bootCompletion(kim)).toEqual({ percent: 88, missing: ['resume'] });
    });
  });

  it('the dashboard’s complete-profile nudge carries the same percent (its resume part left to the resume nudge)', async () => {
    const kim = new TestClient(app);
    const signedUp = await kim.signup({ email: uniqueEmail('completion'), password: NEW_PASSWORD, firstName: 'Kim', lastName: 'Doe' });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const page = pageCompletion(await editProfile(kim, { op_section: 'location', operation: 'update', op_data: { value: 'York, UK' } }));
    expect(await nudgeCompletion(kim)).toEqual({ percent: page.percent, missing: page.missing.filter((part) => part !== 'resume') });
  });

  it('Ada’s seeded profile: the user store and the page agree', async () => {
    const ada = new TestClient(app);
    await ada.login(ADA);
    const page = pageCompletion(await readProfile(ada));
    expect(await userStoreCompletion(ada)).toEqual(page);
    expect(page.percent).toBeGreaterThan(50);
  });
});
