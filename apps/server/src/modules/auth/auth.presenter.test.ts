import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates.repository';
import { accountStanding, avatarUrl } from './auth.presenter';

const candidate: Candidate = {
  id: 'c1',
  tenantId: 't1',
  email: 'ada@acme.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: null,
  avatarPath: null,
  isAdmin: false,
  isThemeBuilderUser: false,
  isOnboarded: true,
  isBootstrapped: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('auth presenter', () => {
  it('prefixes a relative avatar path with the static host (spec §3 User store)', () => {
    expect(avatarUrl('avatars/a.png', 'https://cdn.acme.example')).toBe('https://cdn.acme.example/avatars/a.png');
    expect(avatarUrl('/avatars/a.png', 'https://cdn.acme.example')).toBe('https://cdn.acme.example/avatars/a.png');
    expect(avatarUrl('/avatars/a.png', '')).toBe('/avatars/a.png');
    expect(avatarUrl('https://img.example/a.png', 'https://cdn.acme.example')).toBe('https://img.example/a.png');
    expect(avatarUrl(null, 'https://cdn.acme.example')).toBeNull();
  });

  it('without the profile module, judges the account alone by the profile page’s eight-part rule', () => {
    expect(accountStanding(candidate)).toEqual({
      hasResume: false,
      completion: { percent: 0, missing: ['contact', 'headline', 'location', 'resume', 'work_experience', 'education', 'skills', 'languages'] },
    });
    expect(accountStanding({ ...candidate, location: 'London' }, true).completion).toEqual({ percent: 25, missing: ['contact', 'headline', 'work_experience', 'education', 'skills', 'languages'] });
  });
});
