import { PSEUDO_LOCALE, SUPPORTED_LOCALES, isPseudoLocale, isSupportedLocale, negotiateLocale, pseudoCatalogue, pseudoLocalize, resolveLocale } from '@careers/i18n';
import { describe, expect, it } from 'vitest';

describe('the pseudo-locale (issue 13, layout testing)', () => {
  it('accents every letter, keeps placeholders intact, and is at least 40 % longer', () => {
    for (const text of ['Sign in', 'Apply for {title}', '{count} jobs in this application', 'Careers at {company} — {count} open', 'OK']) {
      const pseudo = pseudoLocalize(text);
      expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.4));
      expect(pseudo.match(/\{[^}]*\}/g) ?? []).toEqual(text.match(/\{[^}]*\}/g) ?? []);
      expect(pseudo.replace(/\{[^}]*\}/g, '')).not.toMatch(/[A-Za-z]/);
    }
    expect(pseudoLocalize('Sign in')).toMatch(/^\[Šîĝñ îñ .+\]$/);
  });

  it('makes a whole catalogue with the same keys, plural forms included', () => {
    const english = { a: 'Save', nested: { heading_one: '{count} job', heading_other: '{count} jobs' } };
    const pseudo = pseudoCatalogue(english);
    expect(Object.keys(pseudo.nested)).toEqual(['heading_one', 'heading_other']);
    expect(pseudo.nested.heading_one).toContain('{count}');
  });

  it('is reached by name only: not a supported locale, never negotiated from Accept-Language, not in the pickers', () => {
    expect(isPseudoLocale('en-xa')).toBe(true);
    expect(resolveLocale('en-XA')).toBe(PSEUDO_LOCALE);
    expect(isSupportedLocale(PSEUDO_LOCALE)).toBe(false);
    expect(SUPPORTED_LOCALES.map((locale) => locale.code)).not.toContain(PSEUDO_LOCALE);
    expect(SUPPORTED_LOCALES).toHaveLength(38);
    expect(negotiateLocale('en-XA')).toBe('en');
  });
});
