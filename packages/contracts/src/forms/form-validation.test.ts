import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema, type FormDefinitionInput } from './form-definition';
import { pickVisibleValues, resolveVisibility, strayFields, validateForm, visibleSections, formItems } from './form-validation';

const definition = (input: FormDefinitionInput) => FormDefinitionSchema.parse(input);

const eeo = definition({
  sections: [
    {
      title: 'About you',
      items: [
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'hasDisability', label: 'Do you have a disability?', type: 'radio', radioOptions: { choices: [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }] } },
        { name: 'accommodation', label: 'Accommodation', type: 'textarea', required: true, dependencies: ['hasDisability'], visibility: { field: 'hasDisability', op: 'equals', value: 'yes' } },
        { name: 'accommodationDate', label: 'From', type: 'date', required: true, visibility: { field: 'accommodation', op: 'notEmpty' } },
        { type: 'info', description: 'Thank you' },
      ],
    },
    {
      title: 'Experience',
      items: [
        {
          name: 'work',
          label: 'Work history',
          type: 'dynamicList',
          rules: [{ type: 'minLength', value: 1 }],
          dynamicListOptions: {
            items: [
              { name: 'employer', label: 'Employer', type: 'text', required: true },
              { name: 'dates', label: 'Dates', type: 'dateRange' },
              { name: 'reason', label: 'Reason for leaving', type: 'text', required: true, visibility: { field: 'current', op: 'isFalse' } },
              { name: 'current', label: 'Current job', type: 'checkbox' },
            ],
          },
        },
      ],
    },
    { title: 'Hidden only', items: [{ name: 'secret', type: 'text', visibility: { field: 'email', op: 'equals', value: 'boss@example.com' } }] },
  ],
});

describe('validateForm', () => {
  it('judges visible fields and skips hidden ones', () => {
    const errors = validateForm(eeo, { email: 'ada@example.com', hasDisability: 'no', work: [{ employer: 'Analytical Engines', current: true }] });
    expect(errors).toEqual({});
    const shown = validateForm(eeo, { email: 'x', hasDisability: 'yes', work: [{ employer: 'AE', current: true }] });
    expect(Object.keys(shown).sort()).toEqual(['accommodation', 'email']);
    expect(shown.accommodation?.message).toBe('Accommodation is required');
  });

  it('hiding a field hides what depends on it, even when a stale value remains', () => {
    const values = { email: 'ada@example.com', hasDisability: 'no', accommodation: 'ramp', work: [{ employer: 'AE', current: true }] };
    expect(resolveVisibility(formItems(eeo), values).hidden).toEqual(new Set(['accommodation', 'accommodationDate', 'secret']));
    expect(validateForm(eeo, values)).toEqual({});
    expect(validateForm(eeo, { ...values, hasDisability: 'yes' }).accommodationDate?.message).toBe('From is required');
  });

  it('judges each dynamic list row with its own visibility, keyed by path', () => {
    const errors = validateForm(eeo, {
      email: 'ada@example.com',
      work: [{ employer: '', current: false }, { employer: 'AE', current: true, dates: { startDate: '2020-01' } }],
    });
    expect(errors).toEqual({
      'work.0.employer': expect.objectContaining({ message: 'Employer is required' }),
      'work.0.reason': expect.objectContaining({ message: 'Reason for leaving is required' }),
      'work.1.dates': expect.objectContaining({ message: 'Please enter both a start and end date.' }),
    });
    expect(validateForm(eeo, { email: 'ada@example.com', work: [] }).work?.message).toBe('Add at least 1 entry.');
    expect(validateForm(eeo, { email: 'ada@example.com', work: ['x'] }).work?.message).toBe('Enter a valid value.');
  });

  it('any JSON as values: not an object means nothing answered', () => {
    for (const values of [null, 42, 'text', [], [1, 2]]) {
      expect(Object.keys(validateForm(eeo, values))).toEqual(['email', 'work']);
    }
  });
});

describe('pickVisibleValues and strayFields', () => {
  it('keeps visible answers, trimmed, and drops hidden and unknown fields', () => {
    const values = {
      email: '  ada@example.com ',
      hasDisability: 'no',
      accommodation: 'stale',
      isAdmin: true,
      constructor: 'x',
      work: [{ employer: ' AE ', current: true, reason: 'stale', extra: 1 }, 'junk'],
    };
    expect(pickVisibleValues(eeo, values)).toEqual({ email: 'ada@example.com', hasDisability: 'no', work: [{ employer: 'AE', current: true }, {}] });
    expect(strayFields(eeo, values)).toEqual({ hidden: ['accommodation'], unknown: ['isAdmin', 'constructor'] });
    expect(strayFields(eeo, 'nope')).toEqual({ hidden: [], unknown: [] });
    expect(pickVisibleValues(eeo, null)).toEqual({});
  });
});

describe('visibleSections', () => {
  it('leaves out a section whose items are all hidden (spec §4)', () => {
    expect(visibleSections(eeo, {}).map((section) => section.title)).toEqual(['About you', 'Experience']);
    expect(visibleSections(eeo, { email: 'boss@example.com' }).map((section) => section.title)).toEqual(['About you', 'Experience', 'Hidden only']);
  });
});
