import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: true }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":true,"z":null}]},"b":1}');
  });
  it('orders keys by UTF-16 code units (RFC 8785 §3.2.3)', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, '\u{1F600}': 4, '\uFB33': 5 })).toBe('{"Z":3,"z":2,"é":1,"\u{1F600}":4,"\uFB33":5}');
  });
  it('writes numbers in their shortest round-trip form, -0 as 0', () => {
    expect(canonicalJson([1e21, 1e-7, 0.1 + 0.2, -0, 1_767_225_600_000, 5e-324])).toBe(
      '[1e+21,1e-7,0.30000000000000004,0,1767225600000,5e-324]',
    );
  });
  it('escapes strings as JSON.stringify does, lone surrogates included', () => {
    expect(canonicalJson('a"\\\n\u0001\u2028\ud800')).toBe('"a\\"\\\\\\n\\u0001\u2028\\ud800"');
  });
  it('refuses what JSON cannot carry faithfully', () => {
    for (const bad of [undefined, NaN, Infinity, 1n, () => 1, new Date(0), { a: undefined }, [undefined], Symbol('s')]) {
      expect(() => canonicalJson(bad)).toThrow(TypeError);
    }
  });
  it('accepts null-prototype objects', () => {
    const bare = Object.assign(Object.create(null) as object, { b: 1, a: 2 });
    expect(canonicalJson(bare)).toBe('{"a":2,"b":1}');
  });
  it('is stable under key order and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        const shuffled = JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
          v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
        ) as unknown;
        expect(canonicalJson(shuffled)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
