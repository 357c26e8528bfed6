import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, intlLocale, numberFormat, relativeTimeFormat } from './intl';

describe('intl formatters', () => {
  it('makes one formatter per locale and options, and reuses it', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en')).not.toBe(numberFormat('de'));
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'));
    expect(relativeTimeFormat('en', { numeric: 'auto' })).toBe(relativeTimeFormat('en', { numeric: 'auto' }));
  });

  it('formats in the locale it was made for, "en" as American English', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(numberFormat('en').format(12345.5)).toBe('12,345.5');
    expect(numberFormat('de').format(12345.5)).toBe('12.345,5');
  });
});

describe('browserTimeZone', () => {
  it('reads the zone from Intl at most once, however many calls ask (each API call sends it)', () => {
    const construct = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const zones = [browserTimeZone(), browserTimeZone(), browserTimeZone()];
      expect(new Set(zones).size).toBe(1);
      expect(zones[0]).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
      expect(construct.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      construct.mockRestore();
    }
  });
});
