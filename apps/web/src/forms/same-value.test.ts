import { describe, expect, it } from 'vitest';
import { isSameValue } from './same-value';

describe('isSameValue', () => {
  it('finds copies of the same answer the same', () => {
    expect(isSameValue('a', 'a')).toBe(true);
    expect(isSameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(isSameValue(['TypeScript', 'React'], ['TypeScript', 'React'])).toBe(true);
    expect(isSameValue({ startDate: '2020-01', endDate: null, isCurrent: true }, { startDate: '2020-01', endDate: null, isCurrent: true })).toBe(true);
    expect(isSameValue([{ uid: '1', name: 'cv.pdf', size: 3 }], [{ uid: '1', name: 'cv.pdf', size: 3 }])).toBe(true);
  });

  it('tells different answers apart', () => {
    expect(isSameValue('a', 'b')).toBe(false);
    expect(isSameValue(1, '1')).toBe(false);
    expect(isSameValue(null, undefined)).toBe(false);
    expect(isSameValue(['a'], ['a', 'b'])).toBe(false);
    expect(isSameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(isSameValue({ startDate: '2020-01' }, { startDate: '2020-02' })).toBe(false);
    expect(isSameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(isSameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(isSameValue([], {})).toBe(false);
    expect(isSameValue(new Date(0), new Date(0))).toBe(false);
  });
});
