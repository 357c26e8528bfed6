import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, clampMapZoom, clusterSizeClass } from './cluster';

describe('map clusters (spec §9)', () => {
  it.each([
    [1, 'single'],
    [0, 'single'],
    [Number.NaN, 'single'],
    [2, 'small'],
    [9, 'small'],
    [10, 'medium'],
    [59, 'medium'],
    [60, 'large'],
    [100_000, 'large'],
  ])('%d jobs → %s', (count, size) => {
    expect(clusterSizeClass(count)).toBe(size);
  });

  it('clamps zoom to 0..13', () => {
    expect([MAP_MIN_ZOOM, MAP_MAX_ZOOM]).toEqual([0, 13]);
    expect(clampMapZoom(-2)).toBe(0);
    expect(clampMapZoom(20)).toBe(13);
    expect(clampMapZoom(7.5)).toBe(7.5);
    expect(clampMapZoom(Number.NaN)).toBe(0);
    expect(clampMapZoom(Number.POSITIVE_INFINITY)).toBe(13);
  });
});
