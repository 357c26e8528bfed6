import { describe, expect, it } from 'vitest';
import { formatAgo, formatSalaryRange } from './position-format';

describe('position formatting', () => {
  it('formats a salary range in its currency, hourly pay with cents', () => {
    expect(formatSalaryRange({ min: 120000, max: 150000, currency: 'USD', period: 'year' }, 'en')).toMatch(/^\$120,000\s?–\s?\$150,000$/);
    expect(formatSalaryRange({ min: 45000, max: 45000, currency: 'GBP', period: 'year' }, 'en')).toBe('£45,000');
    expect(formatSalaryRange({ min: 22.5, max: 30, currency: 'USD', period: 'hour' }, 'en')).toMatch(/^\$22\.50?\s?–\s?\$30(\.00)?$/);
    expect(formatSalaryRange({ min: 50000, max: 60000, currency: 'EUR', period: 'year' }, 'de')).toMatch(/50\.000.*60\.000\s€/);
  });

  it('says how long ago a job was posted, in days, weeks, months and years', () => {
    const now = new Date('2025-06-30T12:00:00Z');
    expect(formatAgo('2025-06-30T08:00:00Z', 'en', now)).toBe('today');
    expect(formatAgo('2025-06-29T08:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatAgo('2025-06-25T08:00:00Z', 'en', now)).toBe('5 days ago');
    expect(formatAgo('2025-06-02T08:00:00Z', 'en', now)).toBe('4 weeks ago');
    expect(formatAgo('2025-03-01T08:00:00Z', 'en', now)).toBe('4 months ago');
    expect(formatAgo('2023-06-01T08:00:00Z', 'en', now)).toBe('2 years ago');
    // A date in the future (clock skew) reads as today, and nonsense as nothing.
    expect(formatAgo('2025-07-02T08:00:00Z', 'en', now)).toBe('today');
    expect(formatAgo('not a date', 'en', now)).toBe('');
  });
});
