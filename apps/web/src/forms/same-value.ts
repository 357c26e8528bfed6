/**
 * Whether two form values are the same answer: equal scalars, or lists and plain objects whose entries are the same
 * answers. react-hook-form hands a field a fresh copy of an object value (a date range, the skills, a file list)
 * when the fields register, though nothing changed; a field that compares with this draws once (P6).
 */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((entry, index) => isSameValue(entry, b[index]));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.length === keysB.length && keysA.every((key) => Object.prototype.hasOwnProperty.call(recordB, key) && isSameValue(recordA[key], recordB[key]));
}
