import { describe, expect, it } from 'vitest';
import { SelectOptionsResponseSchema } from './choice-schemas';
import { selectOptionsUrl } from './select-options';

describe('select options from an apiEndpoint (spec §7)', () => {
  it('puts the parent value in place of {{parentValue}}, encoded; nothing to ask without it', () => {
    expect(selectOptionsUrl('/api/states?country={{parentValue}}', 'CA')).toBe('/api/states?country=CA');
    expect(selectOptionsUrl('/api/cities/{{parentValue}}?q={{parentValue}}', 'São Paulo & co')).toBe('/api/cities/S%C3%A3o%20Paulo%20%26%20co?q=S%C3%A3o%20Paulo%20%26%20co');
    expect(selectOptionsUrl('/api/x?c={{parentValue}}', 3)).toBe('/api/x?c=3');
    expect(selectOptionsUrl('/api/x?c={{parentValue}}', '')).toBeNull();
    expect(selectOptionsUrl('/api/x?c={{parentValue}}', null)).toBeNull();
    expect(selectOptionsUrl('/api/x?c={{parentValue}}', ['CA'])).toBeNull();
    expect(selectOptionsUrl('/api/degrees', undefined)).toBe('/api/degrees');
  });

  it('reads data.options as choices', () => {
    expect(SelectOptionsResponseSchema.parse({ data: { options: [{ label: 'Ontario', value: 'ON' }] } }).data.options).toEqual([{ label: 'Ontario', value: 'ON' }]);
    expect(SelectOptionsResponseSchema.safeParse({ options: [] }).success).toBe(false);
  });
});
