import { describe, expect, it } from 'vitest';
import { choosePageLocale } from './preferences.service';

describe('choosePageLocale and the pseudo-locale (issue 13)', () => {
  it('takes en-XA from ?hl= only, left to right', () => {
    expect(choosePageLocale({ hl: 'en-XA' })).toEqual({ code: 'en-XA', dir: 'ltr' });
    expect(choosePageLocale({ hl: 'en-xa', saved: 'ar' })).toEqual({ code: 'en-XA', dir: 'ltr' });
  });

  it('never from a browser or a saved choice', () => {
    expect(choosePageLocale({ acceptLanguage: 'en-XA' }).code).toBe('en');
    expect(choosePageLocale({ saved: 'en-XA', acceptLanguage: 'de' }).code).toBe('de');
    expect(choosePageLocale({ hl: 'ar' })).toEqual({ code: 'ar', dir: 'rtl' });
  });
});
