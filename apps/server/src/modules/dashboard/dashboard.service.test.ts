import { TenantConfigSchema, type SearchPosition } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../kernel/session';
import type { Tenant } from '../../kernel/tenant';
import { createDashboardService, type DashboardDeps } from './dashboard.service';

const tenant = {
  id: 't1',
  domain: 'acme.example',
  isDefault: true,
  companyName: 'Acme',
  config: TenantConfigSchema.parse({ pcsxConfig: { branding: { companyName: 'Acme' } } }),
} as unknown as Tenant;
const candidate = { id: 'c1', location: 'Boston, MA' } as unknown as Candidate;

const position = (id: number, skills: string[], name = 'Robotics Engineer') =>
  ({ id, name, skills, locations: [{ city: 'Boston' }], is_remote: false, work_location_option: 'onsite' }) as unknown as SearchPosition;

function deps(overrides: Partial<DashboardDeps> = {}): DashboardDeps & { searches: string[] } {
  const searches: string[] = [];
  return {
    searches,
    profileFacts: async () => ({ completion: { percent: 100, missing: [] }, hasResume: true }),
    matchProfile: async () => ({ skills: ['ROS', 'C++', 'Python', 'Kinematics', 'Lidar', 'SLAM'], title: 'Robotics Engineer', location: 'Boston, MA' }),
    search: {
      search: async ({ query }) => {
        searches.push(query.query);
        return { positions: [position(1, ['ROS', 'C++']), position(2, ['Welding']), position(3, ['Python', 'ROS'])] } as never;
      },
    },
    applications: { dashboard: async () => ({ applications: [], inactiveApplications: [] }) },
    drafts: { list: async () => [] },
    offers: { list: async () => [] },
    formRequests: { list: async () => ({ forms: [] }) },
    clock: { now: () => new Date('2025-03-01T09:00:00.000Z') },
    ...overrides,
  };
}

describe('nudges', () => {
  it('asks the index a bounded number of times (title and first skills), whatever the profile holds', async () => {
    const fake = deps();
    const nudges = await createDashboardService(fake).nudges(tenant, candidate);
    expect(fake.searches).toEqual(['Robotics Engineer', 'ROS', 'C++', 'Python']);
    const strong = nudges.find((nudge) => nudge.kind === 'strong_matches');
    expect(strong?.kind === 'strong_matches' && strong.positions.map((match) => match.id)).toEqual([1, 3]);
  });

  it('says nothing about matches for a profile without skills, and asks the index nothing', async () => {
    const fake = deps({ matchProfile: async () => ({ skills: [], title: 'Engineer', location: null }) });
    const nudges = await createDashboardService(fake).nudges(tenant, candidate);
    expect(fake.searches).toEqual([]);
    expect(nudges).toEqual([]);
  });

  it('asks for a resume and the missing profile parts once each (the resume only once)', async () => {
    const fake = deps({
      profileFacts: async () => ({ completion: { percent: 60, missing: ['location', 'resume'] }, hasResume: false }),
      matchProfile: async () => ({ skills: [], title: null, location: null }),
    });
    const nudges = await createDashboardService(fake).nudges(tenant, candidate);
    expect(nudges).toEqual([
      { id: 'complete_profile', kind: 'complete_profile', link: '/careers/profile', percent: 60, missing: ['location'] },
      { id: 'upload_resume', kind: 'upload_resume', link: '/careers/profile' },
    ]);
  });
});
