import { describe, expect, it } from 'vitest';
import { evaluateCondition, isEmptyValue, type VisibilityCondition } from './visibility';

const check = (condition: VisibilityCondition, values: Record<string, unknown>) => evaluateCondition(condition, values);

describe('visibility conditions', () => {
  it('equals and notEquals, lists containing the value, numbers as text', () => {
    expect(check({ field: 'a', op: 'equals', value: 'yes' }, { a: 'yes' })).toBe(true);
    expect(check({ field: 'a', op: 'equals', value: 'yes' }, { a: 'no' })).toBe(false);
    expect(check({ field: 'a', op: 'equals', value: 'yes' }, {})).toBe(false);
    expect(check({ field: 'a', op: 'equals', value: 'x' }, { a: ['w', 'x'] })).toBe(true);
    expect(check({ field: 'a', op: 'equals', value: 1 }, { a: '1' })).toBe(true);
    expect(check({ field: 'a', op: 'equals', value: '1' }, { a: 1 })).toBe(true);
    expect(check({ field: 'a', op: 'equals', value: 0 }, { a: '' })).toBe(false);
    expect(check({ field: 'a', op: 'equals', value: null }, { a: null })).toBe(true);
    expect(check({ field: 'a', op: 'notEquals', value: 'yes' }, { a: 'no' })).toBe(true);
    expect(check({ field: 'a', op: 'notEquals', value: 'yes' }, {})).toBe(true);
  });

  it('in and notIn', () => {
    expect(check({ field: 'c', op: 'in', value: ['US', 'CA'] }, { c: 'CA' })).toBe(true);
    expect(check({ field: 'c', op: 'in', value: ['US', 'CA'] }, { c: 'GB' })).toBe(false);
    expect(check({ field: 'c', op: 'in', value: ['US'] }, { c: ['GB', 'US'] })).toBe(true);
    expect(check({ field: 'c', op: 'notIn', value: ['US', 'CA'] }, { c: 'GB' })).toBe(true);
    expect(check({ field: 'c', op: 'in', value: [] }, { c: 'GB' })).toBe(false);
  });

  it('empty, notEmpty, isTrue, isFalse', () => {
    for (const empty of [undefined, null, '', '  ', [], false, Number.NaN]) expect(isEmptyValue(empty)).toBe(true);
    for (const full of ['a', 0, ['a'], true, {}]) expect(isEmptyValue(full)).toBe(false);
    expect(check({ field: 'a', op: 'notEmpty' }, { a: 'x' })).toBe(true);
    expect(check({ field: 'a', op: 'empty' }, { a: ' ' })).toBe(true);
    expect(check({ field: 'a', op: 'isTrue' }, { a: true })).toBe(true);
    expect(check({ field: 'a', op: 'isTrue' }, { a: 'true' })).toBe(true);
    expect(check({ field: 'a', op: 'isTrue' }, { a: 1 })).toBe(false);
    expect(check({ field: 'a', op: 'isFalse' }, { a: false })).toBe(true);
    expect(check({ field: 'a', op: 'isFalse' }, {})).toBe(false);
  });

  it('all, any and not combine', () => {
    const condition: VisibilityCondition = { all: [{ field: 'a', op: 'isTrue' }, { any: [{ field: 'b', op: 'equals', value: 1 }, { not: { field: 'c', op: 'notEmpty' } }] }] };
    expect(check(condition, { a: true, b: 1, c: 'x' })).toBe(true);
    expect(check(condition, { a: true, b: 2 })).toBe(true);
    expect(check(condition, { a: true, b: 2, c: 'x' })).toBe(false);
    expect(check(condition, { a: false, b: 1 })).toBe(false);
  });

  it('reads own values only: a field named after an Object method is empty', () => {
    expect(check({ field: 'constructor', op: 'notEmpty' }, {})).toBe(false);
    expect(check({ field: '__proto__', op: 'notEmpty' }, {})).toBe(false);
  });
});
