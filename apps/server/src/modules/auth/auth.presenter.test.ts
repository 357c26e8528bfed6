import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates.repository';
import { avatarUrl, profileCompletion } from './auth.presenter';

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

  it('computes profile completion from five equal parts', () => {
    expect(profileCompletion(candidate, false)).toEqual({ percent: 40, missing: ['location', 'resume', 'avatar'] });
    expect(profileCompletion({ ...candidate, location: 'London', avatarPath: 'a.png' }, true)).toEqual({ percent: 100, missing: [] });
  });
});
