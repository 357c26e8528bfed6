import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * What the T15 api-fuzz suites share (QUALITY.md T15): the hostile inputs, the run count and the check
 * every answer must pass. QUALITY.md asks for 10,000 runs per endpoint; the suites run a small default so
 * the server tests stay within CI's budget, and `T15_RUNS=10000` gives the full count.
 */
export function fuzzRuns(fallback: number): number {
  const fromEnv = Number.parseInt(process.env.T15_RUNS ?? '', 10);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/** Text an attacker might send: FTS syntax, SQL, huge numbers, NUL, long runs, odd Unicode. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '"', '*', 'NEAR(a b, 2)', '-x', 'a:b', '^a', '(', ')', 'AND', 'OR NOT', "'; drop table positions; --", '\u0000', '%00',
    '9'.repeat(400), '-1', '1e309', 'NaN', 'Infinity', '0x10', '1.5', '90,180', '91,0', '-90,-180,90,180', 'current location',
    'Map Area', 'Map Location', 'remote', '\u202e\u2028\ufeff', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'acme.example', 'globex.example', 'nowhere.example',
    '../../etc/passwd', '..\\..\\boot.ini', '__proto__', 'constructor', '<script>alert(1)</script>', 'javascript:alert(1)', '//evil.example',
    'true', 'false', 'null', '{}', '[]',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.constant('x'.repeat(10_240)),
);

/** Any JSON value a hostile field may carry instead of the string it should. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Some raw escapes that are not valid UTF-8, or not valid percent-encoding at all. */
export const rawEscape = fc.constantFrom('%C3%28', '%FF', '%E0%80', '%', '%G0', '%ED%A0%80', '%2', '%u0041');

/** A path segment or query value: hostile text percent-encoded, or a raw bad escape. */
export const urlPiece = fc.oneof({ weight: 5, arbitrary: hostileText.map(encodeURIComponent) }, { weight: 1, arbitrary: rawEscape });

/** A query string of up to 8 pairs over `names` (repeats included), values hostile. */
export function queryStringOf(names: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom(...names), urlPiece), { maxLength: 8 })
    .map((pairs) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&'));
}

/** Names every endpoint is tried with, beside its own: tenancy, prototype keys, debug switches. */
export const COMMON_PARAM_NAMES = ['domain', 'debug', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'next', 'token'];

/** A JSON object with `fields` (and the prototype keys) set to hostile values, any of them missing. */
export function hostileObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue() },
    {
      weight: 1,
      arbitrary: fc.constant(
        JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"agreed":true,"signature":"x"}') as unknown,
      ),
    },
  );
}

export interface SafeOptions {
  /** A page route: its 4xx may be an HTML page (the shell's 404 screen) instead of JSON. */
  html?: boolean;
}

/** Below 500; a 4xx is JSON `{ error: { code, message } }` (or, on a page route, an HTML page). */
export function expectSafe(response: LightMyRequestResponse, label: string, options: SafeOptions = {}): void {
  expect(response.statusCode, `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const type = String(response.headers['content-type'] ?? '');
  if (options.html && type.startsWith('text/html')) return;
  expect(type, `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`).toContain('application/json');
  const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, label).toBe('string');
  expect(typeof body.error?.message, label).toBe('string');
}

/** Object.prototype as it is now, to compare after a run (prototype pollution). */
export function prototypeSnapshot(): () => void {
  const keys = Object.getOwnPropertyNames(Object.prototype).sort();
  return () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(keys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };
}
