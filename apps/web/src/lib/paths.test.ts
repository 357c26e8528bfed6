import { describe, expect, it } from 'vitest';
import { pathParamToText, RESERVED_CAREERS_SEGMENTS, ROUTES, withRememberedParams } from './paths';

describe('paths', () => {
  it('keeps only the remembered params on a link', () => {
    const current = '?utm_source=mail&query=robots&microsite=eng&referral_token=abc&debug=1';
    expect(withRememberedParams('/careers?query=x', current)).toBe('/careers?query=x&utm_source=mail&microsite=eng&referral_token=abc');
  });

  it('does not overwrite a param the link already sets', () => {
    expect(withRememberedParams('/careers?utm_source=site', '?utm_source=mail')).toBe('/careers?utm_source=site');
  });

  it('reads hyphens and underscores in path params as spaces (spec §2)', () => {
    expect(pathParamToText('software-engineer')).toBe('software engineer');
    expect(pathParamToText('new_york--city')).toBe('new york city');
    expect(pathParamToText(undefined)).toBe('');
  });

  it('reserves the first segment of every app screen under /careers', () => {
    for (const segment of ['settings', 'profile', 'offers', 'offer', 'offer-letter', 'job', 'apply', 'login', 'search', 'forms']) {
      expect(RESERVED_CAREERS_SEGMENTS.has(segment)).toBe(true);
    }
    expect(RESERVED_CAREERS_SEGMENTS.has('engineer')).toBe(false);
    expect(ROUTES.offerDocument).toBe('/careers/offer/:id/offer-document/:documentId');
  });
});
