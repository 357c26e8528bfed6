import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyPath, isSafeNextPath, jobPath, loginPath, privateApplyPath, privateJobPath, safeNextPath, searchPath } from './paths';

describe('paths built (spec §2)', () => {
  it('builds the search path with one filter_<name> param per filter, values comma-joined', () => {
    expect(searchPath({ query: 'nurse', location: 'Boston', filters: { department: ['Care', 'Lab'], empty: [] } })).toBe(
      '/careers?query=nurse&location=Boston&filter_department=Care%2CLab',
    );
    expect(searchPath({})).toBe('/careers');
    expect(searchPath({ domain: 'acme.example' })).toBe('/careers?domain=acme.example');
  });

  it('builds job and apply paths', () => {
    expect(jobPath(42)).toBe('/careers/job/42');
    expect(privateJobPath(42)).toBe('/careers/job/private?pid=42');
    expect(applyPath('7')).toBe('/careers/apply?pid=7');
    expect(privateApplyPath(7)).toBe('/careers/apply/private?pid=7');
  });

  it('builds the candidate login path with comma-joined pids and drops an unsafe next', () => {
    expect(loginPath({ domain: 'acme.example', pids: [1, 2], hl: 'fr-CA', next: '/careers/offers' })).toBe(
      '/careers/login?domain=acme.example&pid=1%2C2&hl=fr-CA&next=%2Fcareers%2Foffers',
    );
    expect(loginPath({ next: '//evil.example' })).toBe('/careers/login');
  });
});

describe('isSafeNextPath (T12 open redirect)', () => {
  it.each([
    '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'https://evil.example',
    '/%2F%2Fevil.example', '/%5Cevil.example', ' /careers', '/careers\n', '', 'careers', '/\tevil', '%2F%2Fevil',
  ])('rejects %j', (next) => {
    expect(isSafeNextPath(next)).toBe(false);
    expect(safeNextPath(next)).toBe('/careers');
  });

  it.each(['/careers', '/careers/offers?x=1#top', '/careers/job/12'])('accepts %j', (next) => {
    expect(isSafeNextPath(next)).toBe(true);
  });

  it('never lets a generated value resolve off-site', () => {
    const prefixes = fc.constantFrom('', '/', '//', '/\\', '\\', 'http:', 'javascript:', '/%2F', '%2F%2F', '/careers');
    fc.assert(
      fc.property(prefixes, fc.string(), (prefix, rest) => {
        const next = prefix + rest;
        if (!isSafeNextPath(next)) return true;
        const base = 'https://careers.acme.example';
        return new URL(next, base).origin === base && new URL(decodeURIComponent(next), base).origin === base;
      }),
      { numRuns: 2000 },
    );
  });
});
