import { describe, expect, it } from 'vitest';
import { withTenantDomain } from './tenant-link';

describe('withTenantDomain', () => {
  it('adds a non-default tenant domain, keeps other params, and leaves the default tenant alone', () => {
    expect(withTenantDomain('/careers/job/7?utm_source=mail', 'globex.example')).toBe('/careers/job/7?utm_source=mail&domain=globex.example');
    expect(withTenantDomain('/careers/job/7?domain=globex.example', 'globex.example')).toBe('/careers/job/7?domain=globex.example');
    expect(withTenantDomain('/careers/job/7', undefined)).toBe('/careers/job/7');
  });
});
