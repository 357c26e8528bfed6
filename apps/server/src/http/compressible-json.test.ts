import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, CompressibleJson } from './compressible-json';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['identity, *;q=0.5', true],
    [undefined, false],
    ['', false],
    ['br', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['deflate, *;q=0', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('CompressibleJson', () => {
  it('gzips once and gives back the same bytes', () => {
    const body = new CompressibleJson(JSON.stringify({ positions: Array.from({ length: 50 }, (_, id) => ({ id, title: 'Robotics Engineer' })) }));
    const first = body.gzip();
    expect(body.gzip()).toBe(first);
    expect(gunzipSync(first).toString('utf8')).toBe(body.json);
    expect(first.length).toBeLessThan(body.json.length / 4);
  });
});
