import type { FormDefinition } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { isSettledChange, visibilitySources } from './settled-values';

const DEFINITION: FormDefinition = {
  sections: [
    {
      title: 'About you',
      items: [
        { name: 'hasDisability', label: 'Disability', type: 'radio' },
        { name: 'accommodation', label: 'Accommodation', type: 'text', visibility: { field: 'hasDisability', op: 'equals', value: 'yes' } },
        { name: 'firstName', label: 'First name', type: 'text', required: true },
        { type: 'info', label: 'Only for referrals', visibility: { any: [{ field: 'source', op: 'equals', value: 'referral' }] } },
        {
          name: 'jobs',
          label: 'Work history',
          type: 'dynamicList',
          dynamicListOptions: { items: [{ name: 'end', label: 'End', type: 'date', visibility: { not: { field: 'current', op: 'isTrue' } } }] },
        },
      ],
    },
  ],
};

describe('visibilitySources', () => {
  it('collects the fields every condition reads: named items, display items and list rows', () => {
    expect([...visibilitySources(DEFINITION)].sort()).toEqual(['current', 'hasDisability', 'source']);
  });
});

describe('isSettledChange', () => {
  const sources = visibilitySources(DEFINITION);

  it('ignores typing on inside an answer that is not a visibility source', () => {
    expect(isSettledChange({ firstName: 'A' }, { firstName: 'Ad' }, sources)).toBe(false);
    expect(isSettledChange({ firstName: 'Ad', jobs: [] }, { firstName: 'Ada', jobs: [] }, sources)).toBe(false);
  });

  it('counts an answer that becomes empty or stops being empty (the step badges count those)', () => {
    expect(isSettledChange({ firstName: '' }, { firstName: 'A' }, sources)).toBe(true);
    expect(isSettledChange({ firstName: 'A' }, { firstName: ' ' }, sources)).toBe(true);
    expect(isSettledChange({}, { firstName: 'A' }, sources)).toBe(true);
    expect(isSettledChange({ jobs: [] }, { jobs: [{ end: '' }] }, sources)).toBe(true);
  });

  it('counts any change of a field a condition reads, and a list or group source even when it is the same object', () => {
    expect(isSettledChange({ hasDisability: 'no' }, { hasDisability: 'yes' }, sources)).toBe(true);
    const group = ['a'];
    expect(isSettledChange({ source: group }, { source: group }, sources)).toBe(true);
    expect(isSettledChange({ hasDisability: 'yes' }, { hasDisability: 'yes' }, sources)).toBe(false);
  });
});
