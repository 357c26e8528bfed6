import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatSin, formatSsn, isSin, isSsn } from './identity-numbers';

describe('SSN and SIN formatting as typed (spec §5)', () => {
  it('groups digits and drops anything else', () => {
    expect(formatSsn('')).toBe('');
    expect(formatSsn('12')).toBe('12');
    expect(formatSsn('123')).toBe('123');
    expect(formatSsn('1234')).toBe('123-4');
    expect(formatSsn('12345')).toBe('123-45');
    expect(formatSsn('123456')).toBe('123-45-6');
    expect(formatSsn('123-45-6789')).toBe('123-45-6789');
    expect(formatSsn('123 45 6789 99')).toBe('123-45-6789');
    expect(formatSsn('abc')).toBe('');
    expect(formatSin('1234567')).toBe('123-456-7');
    expect(formatSin('123456789012')).toBe('123-456-789');
  });

  it('never longer than 11 characters; nine digits always make a valid number', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(formatSsn(typed).length).toBeLessThanOrEqual(11);
        expect(formatSin(typed).length).toBeLessThanOrEqual(11);
        const digits = typed.replace(/\D/g, '');
        if (digits.length >= 9) {
          expect(isSsn(formatSsn(typed))).toBe(true);
          expect(isSin(formatSin(typed))).toBe(true);
        }
      }),
    );
  });
});
