/**
 * Declarative visibility (spec §3 `visibleFn`, §4 "An item is hidden when its visibleFn returns false for its
 * dependency values").
 *
 * A definition is JSON (tenant configuration, stored and sent to the browser), so it cannot carry a function.
 * Instead an item carries `visibility`: a condition over other fields' values that one pure function
 * evaluates identically in the browser and on the server:
 *
 *   { field: 'hasDisability', op: 'equals', value: 'yes' }
 *   { any: [ { field: 'country', op: 'in', value: ['US', 'CA'] }, { field: 'relocate', op: 'isTrue' } ] }
 *   { not: { field: 'veteran', op: 'notEmpty' } }
 *
 * Comparison: a list value (checkbox group, skills) `equals` X when it contains X; `in` when it contains any
 * of the listed values. Numbers and numeric strings compare as the same value (a select may hold 1 or "1").
 * A condition that names a field which is hidden sees that field as empty (see hiddenItemNames).
 */
/** A value a condition compares with (visibility-schema.ts checks it: text up to 1,000 characters). */
export type ConditionScalar = string | number | boolean | null;

export type VisibilityCondition =
  | { field: string; op: 'equals' | 'notEquals'; value: ConditionScalar }
  | { field: string; op: 'in' | 'notIn'; value: ConditionScalar[] }
  | { field: string; op: 'notEmpty' | 'empty' | 'isTrue' | 'isFalse' }
  | { all: VisibilityCondition[] }
  | { any: VisibilityCondition[] }
  | { not: VisibilityCondition };

export function conditionDepth(condition: VisibilityCondition): number {
  if ('all' in condition) return 1 + Math.max(...condition.all.map(conditionDepth));
  if ('any' in condition) return 1 + Math.max(...condition.any.map(conditionDepth));
  if ('not' in condition) return 1 + conditionDepth(condition.not);
  return 1;
}

/** The field names a condition reads (an item's implied dependencies when it lists none). */
export function conditionFields(condition: VisibilityCondition): string[] {
  if ('all' in condition) return [...new Set(condition.all.flatMap(conditionFields))];
  if ('any' in condition) return [...new Set(condition.any.flatMap(conditionFields))];
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}

/** Empty as the engine means it everywhere: nothing, blank text, an empty list, or false. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** Equal, or the same number written as a number and as text (a select may hold 1 or "1"). */
export function sameScalar(actual: unknown, expected: ConditionScalar): boolean {
  if (actual === expected) return true;
  if (typeof actual === 'number' && typeof expected === 'string') return expected.trim() !== '' && Number(expected) === actual;
  if (typeof actual === 'string' && typeof expected === 'number') return actual.trim() !== '' && Number(actual) === expected;
  return false;
}

function matches(actual: unknown, expected: ConditionScalar): boolean {
  if (Array.isArray(actual)) return actual.some((entry) => sameScalar(entry, expected));
  return sameScalar(actual, expected);
}

function own(values: Readonly<Record<string, unknown>>, field: string): unknown {
  return Object.prototype.hasOwnProperty.call(values, field) ? values[field] : undefined;
}

/** Evaluates a condition against values; never throws (unknown shapes count as false). */
export function evaluateCondition(condition: VisibilityCondition, values: Readonly<Record<string, unknown>>): boolean {
  if ('all' in condition) return condition.all.every((branch) => evaluateCondition(branch, values));
  if ('any' in condition) return condition.any.some((branch) => evaluateCondition(branch, values));
  if ('not' in condition) return !evaluateCondition(condition.not, values);
  const actual = own(values, condition.field);
  switch (condition.op) {
    case 'equals':
      return matches(actual, condition.value);
    case 'notEquals':
      return !matches(actual, condition.value);
    case 'in':
      return condition.value.some((expected) => matches(actual, expected));
    case 'notIn':
      return !condition.value.some((expected) => matches(actual, expected));
    case 'notEmpty':
      return !isEmptyValue(actual);
    case 'empty':
      return isEmptyValue(actual);
    case 'isTrue':
      return actual === true || actual === 'true';
    case 'isFalse':
      return actual === false || actual === 'false';
    default:
      return false;
  }
}
