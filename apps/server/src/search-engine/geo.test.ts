import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrapLng, type LatLng } from '@careers/contracts';
import {
  EARTH_RADIUS_MILES,
  POINT_MATCH_MILES,
  boundingBox,
  boxFromBounds,
  haversineKm,
  haversineMiles,
  isInBox,
  isWithinRadius,
} from './geo';

const boston = { lat: 42.3601, lng: -71.0589 };
const newYork = { lat: 40.7128, lng: -74.006 };
const london = { lat: 51.5074, lng: -0.1278 };
const paris = { lat: 48.8566, lng: 2.3522 };

/** The point `miles` away from `from` on `bearing` (radians), for generating points inside a circle. */
function destination(from: LatLng, bearing: number, miles: number): LatLng {
  const d = miles / EARTH_RADIUS_MILES;
  const lat1 = (from.lat * Math.PI) / 180;
  const lng1 = (from.lng * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: (lat2 * 180) / Math.PI, lng: wrapLng((lng2 * 180) / Math.PI) };
}

describe('haversine', () => {
  it('measures known city distances', () => {
    expect(haversineMiles(boston, newYork)).toBeCloseTo(190.2, 0);
    expect(haversineKm(boston, newYork)).toBeCloseTo(306.1, 0);
    expect(haversineKm(london, paris)).toBeCloseTo(343.6, 0);
    expect(haversineMiles(boston, boston)).toBe(0);
  });

  it('is symmetric, handles the antimeridian and antipodes', () => {
    expect(haversineMiles({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(13.8, 0);
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_MILES, 6);
    expect(haversineMiles(boston, london)).toBeCloseTo(haversineMiles(london, boston), 9);
  });

  it('treats a 0 radius as a point with a little slack', () => {
    expect(isWithinRadius(boston, { lat: 42.3602, lng: -71.0589 }, 0)).toBe(true);
    expect(isWithinRadius(boston, newYork, 0)).toBe(false);
    expect(isWithinRadius(boston, newYork, 200)).toBe(true);
    expect(isWithinRadius(boston, newYork, 150)).toBe(false);
    expect(POINT_MATCH_MILES).toBeGreaterThan(0);
  });
});

describe('bounding box for a radius', () => {
  it('is one box in the middle of a continent', () => {
    const box = boundingBox(boston, 25);
    expect(box.lngRanges).toHaveLength(1);
    expect(box.minLat).toBeCloseTo(42.3601 - 25 / 69.09, 2);
    expect(isInBox(boston, box)).toBe(true);
    expect(isInBox(newYork, box)).toBe(false);
  });

  it('splits across the antimeridian', () => {
    const fiji = { lat: -17.7, lng: 179.9 };
    const box = boundingBox(fiji, 50);
    expect(box.lngRanges).toHaveLength(2);
    expect(isInBox({ lat: -17.7, lng: -179.8 }, box)).toBe(true);
    expect(isInBox({ lat: -17.7, lng: 0 }, box)).toBe(false);
  });

  it('takes every longitude when the circle reaches a pole, and the globe for huge radii', () => {
    const box = boundingBox({ lat: 89.5, lng: 10 }, 100);
    expect(box.maxLat).toBe(90);
    expect(box.lngRanges).toEqual([[-180, 180]]);
    expect(boundingBox(boston, 20_000)).toEqual({ minLat: -90, maxLat: 90, lngRanges: [[-180, 180]] });
  });

  it('contains every point within the radius (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.99, max: 89.99, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, radius, bearing, fraction) => {
          const center = { lat, lng };
          const point = destination(center, bearing, radius * fraction * 0.999);
          const box = boundingBox(center, radius);
          expect(isWithinRadius(center, point, radius)).toBe(true);
          expect(isInBox(point, box)).toBe(true);
          expect(box.minLat).toBeGreaterThanOrEqual(-90);
          expect(box.maxLat).toBeLessThanOrEqual(90);
          for (const [min, max] of box.lngRanges) {
            expect(min).toBeGreaterThanOrEqual(-180);
            expect(max).toBeLessThanOrEqual(180);
            expect(min).toBeLessThanOrEqual(max);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('Map Area bounds', () => {
  it('is one range normally and two across the antimeridian', () => {
    const box = boxFromBounds({ sw: { lat: 40, lng: -75 }, ne: { lat: 43, lng: -70 } });
    expect(isInBox(boston, box)).toBe(true);
    expect(isInBox(newYork, box)).toBe(true);
    expect(isInBox(london, box)).toBe(false);
    const pacific = boxFromBounds({ sw: { lat: -20, lng: 170 }, ne: { lat: -10, lng: -170 } });
    expect(pacific.lngRanges).toEqual([[170, 180], [-180, -170]]);
    expect(isInBox({ lat: -15, lng: 179 }, pacific)).toBe(true);
    expect(isInBox({ lat: -15, lng: -175 }, pacific)).toBe(true);
    expect(isInBox({ lat: -15, lng: 0 }, pacific)).toBe(false);
  });
});
