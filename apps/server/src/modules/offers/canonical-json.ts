/**
 * Canonical JSON for hashing evidence (QUALITY.md "Signing evidence"): object keys sorted by UTF-16 code
 * units, no whitespace, strings and numbers exactly as ECMAScript's JSON.stringify writes them (shortest
 * round-trip numbers, well-formed escapes). That is the JSON Canonicalization Scheme of RFC 8785, so anyone
 * can recompute a hash with an off-the-shelf JCS library.
 *
 * Anything JSON cannot carry faithfully (undefined, NaN, Infinity, bigint, functions, class instances such
 * as Date) throws instead of being silently dropped or coerced: a hash must never cover less than the row.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} has no JSON form`);
      // -0 and 0 are one number in JSON.
      return JSON.stringify(Object.is(value, -0) ? 0 : value);
    case 'object':
      return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value);
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} has no JSON form`);
  }
}

function canonicalArray(values: readonly unknown[]): string {
  return `[${values.map((item) => canonicalJson(item)).join(',')}]`;
}

function canonicalObject(value: object): string {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    throw new TypeError('canonicalJson: only plain objects are hashed');
  }
  const record = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, as RFC 8785 §3.2.3 requires.
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
