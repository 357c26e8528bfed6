import type { FilterDef, SearchOptionsMap } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { appliedFilters, configuredFilterKeys, filterGroups, selectedCount, withValue, withoutKey } from './filter-model';

const MAP: SearchOptionsMap = {
  employment_type: { displayName: 'Employment type', options: { labelMap: { FULL_TIME: 'Full time', CONTRACT: 'Contract' } } },
  remote: { displayName: 'Remote', options: { labelMap: { true: 'Remote', false: 'On site' } } },
};

const DEF: FilterDef = {
  allFilters: [
    { filterName: 'employment_type', displayName: 'employment_type', options: [{ label: 'FULL_TIME', value: 'FULL_TIME', count: 9 }] },
    { filterName: 'department', displayName: 'Department', options: [{ label: 'Engineering', value: 'Engineering', count: 4 }] },
    { filterName: 'latlong_remote', displayName: 'latlong_remote', options: [{ label: '3', value: 'Remote@0,0', count: 3 }] },
  ],
};

describe('filter model', () => {
  it('lists configured filters in the tenant order, without markers or the radius', () => {
    expect(configuredFilterKeys({ allFilters: ['department', 'latlong_remote', 'distance', 'remote'], smartFilters: ['employment_type', 'department'] })).toEqual([
      'department',
      'remote',
      'employment_type',
    ]);
  });

  it('labels options from the label map (value → label) and names filters from the options map', () => {
    const [type, department, remote] = filterGroups(['employment_type', 'department', 'remote'], DEF, MAP, { remote: ['true'] });
    expect(type).toEqual({ key: 'employment_type', displayName: 'Employment type', choices: [{ value: 'FULL_TIME', label: 'Full time', count: 9 }] });
    expect(department?.displayName).toBe('Department');
    // A selected value the results no longer count stays visible, without a count.
    expect(remote?.choices).toEqual([{ value: 'true', label: 'Remote', count: null }]);
  });

  it('describes applied filters as chips, in panel order', () => {
    const groups = filterGroups(['employment_type', 'department'], DEF, MAP, {});
    expect(appliedFilters({ department: ['Engineering'], employment_type: ['CONTRACT'], latlong_remote: ['x'] }, groups, MAP)).toEqual([
      { key: 'employment_type', value: 'CONTRACT', displayName: 'Employment type', label: 'Contract' },
      { key: 'department', value: 'Engineering', displayName: 'Department', label: 'Engineering' },
    ]);
  });

  it('adds and removes values without touching other filters', () => {
    const filters = withValue({ department: ['Engineering'] }, 'department', 'Sales', true);
    expect(filters).toEqual({ department: ['Engineering', 'Sales'] });
    expect(withValue(filters, 'department', 'Engineering', false)).toEqual({ department: ['Sales'] });
    expect(withValue({ department: ['Sales'] }, 'department', 'Sales', false)).toEqual({});
    expect(withoutKey({ department: ['Sales'], distance: ['25'] }, 'distance')).toEqual({ department: ['Sales'] });
    expect(selectedCount({ department: ['Sales', 'Engineering'], distance: ['25'], latlong_remote: ['x'] })).toBe(3);
  });
});
