import { describe, expect, it } from 'vitest';
import { intlLocale, numberFormat, relativeTimeFormat } from './intl';

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
