import { SignupRequestSchema } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { parseInput } from './parse';

describe('parseInput', () => {
  const valid = { email: 'a@b.example', password: 'long-enough-password', firstName: 'A', lastName: 'B' };

  it('returns the parsed value', () => {
    expect(parseInput(SignupRequestSchema, valid)).toMatchObject({ email: 'a@b.example' });
  });

  it('maps issues to one message per field', () => {
    try {
      parseInput(SignupRequestSchema, { ...valid, email: 'nope', lastName: '' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).fields ?? {}).sort()).toEqual(['email', 'lastName']);
    }
  });

  it('refuses NUL characters anywhere', () => {
    expect(() => parseInput(SignupRequestSchema, { ...valid, firstName: 'A\u0000' })).toThrow(ValidationError);
  });

  it('treats a missing body as an empty object', () => {
    expect(() => parseInput(SignupRequestSchema, undefined)).toThrow(ValidationError);
  });
});
