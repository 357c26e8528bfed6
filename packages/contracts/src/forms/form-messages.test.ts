import { describe, expect, it } from 'vitest';
import { FORM_ERROR_MESSAGES_EN, formError, interpolateMessage, labelForMessage, requiredError } from './form-messages';

describe('form messages (spec §8)', () => {
  it('the English text of §8, placeholders filled', () => {
    expect(formError('required', 'required').message).toBe('This field is required');
    expect(formError('email', 'email', { email: 'name@example.com' }).message).toBe('Email is invalid. Use the format "name@example.com".');
    expect(formError('dateRange', 'dateRange').message).toBe('Please enter both a start and end date.');
    expect(formError('phone', 'phone').message).toBe('Phone number is invalid. Only use digits (0-9), dashes (-) or parentheses ().');
    expect(formError('phone', 'phoneCountry').message).toBe('Enter a valid phone number and country code.');
    expect(formError('ssn', 'ssn').message).toBe('Social security number is invalid. Enter in the format of XXX-XX-XXXX.');
    expect(formError('sin', 'sin').message).toBe('Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.');
    expect(formError('minLength', 'minFiles', { count: 1 }).message).toBe('Upload at least 1 file.');
    expect(formError('maxLength', 'maxFiles', { count: 3 }).message).toBe('Upload no more than 3 files.');
    expect(formError('type', 'uploadFailed').message).toBe('File could not be uploaded.');
    expect(formError('regex', 'regex').message).toBe('Enter a valid value.');
    expect(formError('minLength', 'minLength', { count: 8 }).message).toBe('Enter at least 8 characters.');
    expect(formError('maxLength', 'maxLength', { count: 200 }).message).toBe('Enter no more than 200 characters.');
    expect(formError('minValue', 'minValue', { count: 18 }).message).toBe('Enter a value greater than or equal to 18.');
    expect(formError('maxValue', 'maxValue', { count: 1.5 }).message).toBe('Enter a value less than or equal to 1.5.');
  });

  it('keys name the forms namespace and the base key (i18next picks the plural)', () => {
    expect(formError('minLength', 'minFiles', { count: 2 })).toEqual({ rule: 'minLength', key: 'forms:errors.minFiles', params: { count: 2 }, message: 'Upload at least 2 files.' });
  });

  it('every plural entry has both forms', () => {
    const keys = Object.keys(FORM_ERROR_MESSAGES_EN);
    for (const key of keys.filter((entry) => entry.endsWith('_one'))) expect(keys).toContain(key.replace(/_one$/, '_other'));
    for (const key of keys.filter((entry) => entry.endsWith('_other'))) expect(keys).toContain(key.replace(/_other$/, '_one'));
  });

  it('interpolation leaves unknown placeholders and does not re-read filled ones', () => {
    expect(interpolateMessage('{a} and {b}', { a: '{b}' })).toBe('{b} and {b}');
  });

  it('labels lose trailing punctuation only', () => {
    expect(labelForMessage(' Name: ')).toBe('Name');
    expect(labelForMessage('Why?!')).toBe('Why');
    expect(labelForMessage('Salary ($)')).toBe('Salary ($)');
    expect(labelForMessage('Nom *')).toBe('Nom');
    expect(requiredError('Salary ($)', 30).message).toBe('Salary ($) is required');
  });
});
