import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema } from './form-definition';
import { fieldErrorKeys, fieldErrorMessages, judgeSubmission } from './submission';

const definition = FormDefinitionSchema.parse({
  sections: [
    {
      title: 'Contact',
      items: [
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'relocate', label: 'Relocate?', type: 'checkbox' },
        { name: 'city', label: 'City', type: 'text', visibility: { field: 'relocate', op: 'isTrue' } },
      ],
    },
  ],
});

describe('judgeSubmission', () => {
  it('accepts a valid body and keeps visible answers only, naming what it dropped', () => {
    expect(judgeSubmission(definition, { email: ' ada@example.com ', relocate: false, city: 'Paris', role: 'admin' })).toEqual({
      ok: true,
      values: { email: 'ada@example.com', relocate: false },
      dropped: { hidden: ['city'], unknown: ['role'] },
    });
  });

  it('refuses an invalid body with per-field errors, in English and as keys', () => {
    const verdict = judgeSubmission(definition, { email: 'nope' });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(fieldErrorMessages(verdict.errors)).toEqual({ email: 'Email is invalid. Use the format "name@example.com".' });
    expect(fieldErrorKeys(verdict.errors)).toEqual({ email: { key: 'forms:errors.email', params: { email: 'name@example.com' } } });
    expect(judgeSubmission(definition, 'not an object')).toMatchObject({ ok: false, dropped: { hidden: [], unknown: [] } });
  });
});
