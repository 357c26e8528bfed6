import { describe, expect, it } from 'vitest';
import { isScreenPath } from './routes';

describe('isScreenPath (issue 8 §6: unknown /careers paths answer 404)', () => {
  it('knows every screen, with or without a trailing slash, in any case', () => {
    for (const path of [
      '/careers',
      '/careers/',
      '/careers/search',
      '/careers/login',
      '/careers/LOGIN/',
      '/logout',
      '/careers/settings',
      '/careers/job',
      '/careers/job/12',
      '/careers/job/private',
      '/careers/saved-jobs',
      '/careers/offers',
      '/careers/offer',
      '/careers/offer/offer-1',
      '/careers/offer/offer-1/offer-document/doc-1',
      '/careers/offer-letter/offer-1',
    ]) {
      expect(isScreenPath(path), path).toBe(true);
    }
  });

  it('reads one or two free segments as a search (/careers/{query}/{location})', () => {
    expect(isScreenPath('/careers/engineer')).toBe(true);
    expect(isScreenPath('/careers/engineer/London')).toBe(true);
    expect(isScreenPath('/careers/senior%20engineer/S%C3%A3o%20Paulo')).toBe(true);
  });

  it('is false for deeper unknown paths, including under the reserved segment of a screen', () => {
    for (const path of [
      '/careers/a/b/c',
      '/careers/dashboard/extra',
      '/careers/applications/x',
      '/careers/apply/public',
      '/careers/offers/extra',
      '/careers/offer-letter/12/extra',
      '/careers/job/12/extra',
      '/careers/login/x',
      '/careers/Dashboard/x',
      '/careers/%64ashboard/x',
      '/careers/settings/x/y',
    ]) {
      expect(isScreenPath(path), path).toBe(false);
    }
  });
});
