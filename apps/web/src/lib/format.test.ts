import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatDate, formatNumber } from './format';

describe('format', () => {
  it('formats dates as MM/DD/YYYY in English (spec §9)', () => {
    expect(formatDate(new Date(Date.UTC(2025, 2, 7)))).toBe('03/07/2025');
    expect(formatDate('2024-12-31T12:00:00Z', 'en')).toBe('12/31/2024');
  });

  it('prints the UTC day in any time zone, so server markup and browser agree', () => {
    expect(formatDate('2025-03-07T23:30:00-05:00')).toBe('03/08/2025');
    expect(formatDate('2025-03-07T00:30:00+02:00')).toBe('03/06/2025');
  });

  it('formats dates in the locale order elsewhere and returns "" for invalid input', () => {
    expect(formatDate(new Date(Date.UTC(2025, 2, 7)), 'de')).toBe('07.03.2025');
    expect(formatDate('not a date')).toBe('');
  });

  it('groups numbers by locale', () => {
    expect(formatNumber(12345)).toBe('12,345');
  });

  it('shortens numbers with k, M, B and one decimal', () => {
    expect(formatCompactNumber(950)).toBe('950');
    expect(formatCompactNumber(1000)).toBe('1k');
    expect(formatCompactNumber(1540)).toBe('1.5k');
    expect(formatCompactNumber(2_000_000)).toBe('2M');
    expect(formatCompactNumber(3_250_000_000)).toBe('3.3B');
    expect(formatCompactNumber(-1200)).toBe('-1.2k');
  });
});
