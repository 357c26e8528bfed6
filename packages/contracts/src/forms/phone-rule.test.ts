import { describe, expect, it } from 'vitest';
import { callingCodeOf, isEmptyPhone, joinPhone, listPhoneCountries, splitPhone, toDisplayPhone, toE164 } from './phone-rule';

describe('phone conversion (spec §5)', () => {
  it('to E.164 and display format', () => {
    expect(toE164('+1 (415) 555-2671')).toBe('+14155552671');
    expect(toE164('415.555.2671')).toBe('+14155552671');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('12')).toBeNull();
    expect(toDisplayPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(toDisplayPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(toDisplayPhone('nope')).toBeNull();
  });

  it('joins the calling code with the number and splits it back', () => {
    expect(joinPhone({ callingCode: '44', number: '20 7946 0958', selectedCountryCode: 'GB' })).toBe('+44 20 7946 0958');
    expect(joinPhone({ callingCode: '+1', number: '  ' })).toBe('');
    expect(joinPhone({ callingCode: '', number: '555' })).toBe('555');
    expect(splitPhone('+44 20 7946 0958')).toEqual({ callingCode: '44', number: '020 7946 0958', selectedCountryCode: 'GB' });
    expect(splitPhone('+49 12')).toEqual({ callingCode: '49', number: '12', selectedCountryCode: 'DE' });
    expect(splitPhone('+999 12')).toEqual({ callingCode: '999', number: '12' });
    expect(splitPhone('12')).toEqual({ callingCode: '1', number: '12', selectedCountryCode: 'US' });
    expect(splitPhone('hello')).toEqual({ callingCode: '', number: 'hello' });
  });

  it('a calling code alone is no number', () => {
    expect(isEmptyPhone('')).toBe(true);
    expect(isEmptyPhone('+1')).toBe(true);
    expect(isEmptyPhone(' + 44 ')).toBe(true);
    expect(isEmptyPhone('+1 5')).toBe(false);
    expect(isEmptyPhone('123')).toBe(false);
  });
});

describe('phone countries', () => {
  it('lists countries with their calling codes', () => {
    const countries = listPhoneCountries();
    expect(countries).toContainEqual({ country: 'GB', callingCode: '44' });
    expect(countries).toContainEqual({ country: 'US', callingCode: '1' });
    expect(countries.length).toBeGreaterThan(200);
    expect(callingCodeOf('CA')).toBe('1');
    expect(callingCodeOf('DE')).toBe('49');
    expect(callingCodeOf('XX')).toBe('1');
    expect(callingCodeOf(undefined)).toBe('1');
  });
});
