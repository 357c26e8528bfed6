import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  KILOMETRES_PER_MILE,
  MAX_DISTANCE_MILES,
  boundsFromCorners,
  distanceFilterValue,
  formatBounds,
  formatLatLng,
  locationKind,
  parseBounds,
  parseDistance,
  parseDistanceMiles,
  parseLatLng,
  wrapLng,
} from './search-location';

describe('special locations (spec §4)', () => {
  it.each([
    ['', 'none'],
    ['  ', 'none'],
    ['Boston', 'text'],
    ['remote', 'remote'],
    ['REMOTE', 'remote'],
    ['current location', 'current_location'],
    ['current-location', 'current_location'],
    ['Map Location', 'map_location'],
    ['map_location', 'map_location'],
    ['Map Area', 'map_area'],
    ['map-area', 'map_area'],
    ['Remote Island', 'text'],
  ])('%j is %s', (text, kind) => {
    expect(locationKind(text)).toBe(kind);
  });
  it('treats null and undefined as no location', () => {
    expect(locationKind(null)).toBe('none');
    expect(locationKind(undefined)).toBe('none');
  });
});

describe('latlong and bounds params', () => {
  it('parses plain decimal degrees', () => {
    expect(parseLatLng('42.3601,-71.0589')).toEqual({ lat: 42.3601, lng: -71.0589 });
    expect(parseLatLng(' 90 , 180 ')).toEqual({ lat: 90, lng: 180 });
    expect(parseLatLng('-0,+0')).toEqual({ lat: 0, lng: 0 });
    expect(Object.is(parseLatLng('-0,0')?.lat, -0)).toBe(false);
  });

  it.each(['', 'NaN,NaN', 'Infinity,0', '1e1,2', '0x10,0', '90.0001,0', '0,180.5', '1,2,3', '1', ',', '1,', 'a,b', '1 2,3'])(
    'refuses latlong %j',
    (text) => {
      expect(parseLatLng(text)).toBeNull();
    },
  );

  it('parses bounds, allowing an antimeridian crossing but not an inverted latitude', () => {
    expect(parseBounds('40,-75,43,-70')).toEqual({ sw: { lat: 40, lng: -75 }, ne: { lat: 43, lng: -70 } });
    expect(parseBounds('-20,170,-10,-170')).toEqual({ sw: { lat: -20, lng: 170 }, ne: { lat: -10, lng: -170 } });
    expect(parseBounds('43,-75,40,-70')).toBeNull();
    expect(parseBounds('40,-75,43')).toBeNull();
    expect(parseBounds('40,-75,43,-70,1')).toBeNull();
    expect(parseBounds('40,-75,95,-70')).toBeNull();
    expect(parseBounds(undefined)).toBeNull();
  });

  it('formats round-trip through parse at six decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const parsed = parseLatLng(formatLatLng({ lat, lng }));
          expect(parsed).not.toBeNull();
          expect(Math.abs((parsed?.lat ?? 99) - lat)).toBeLessThanOrEqual(5e-7);
          expect(Math.abs((parsed?.lng ?? 999) - lng)).toBeLessThanOrEqual(5e-7);
        },
      ),
    );
    expect(formatLatLng({ lat: 1e-9, lng: -1e-9 })).toBe('0,0');
    expect(formatBounds({ sw: { lat: 1.5, lng: 2 }, ne: { lat: 3, lng: 4.25 } })).toBe('1.5,2,3,4.25');
    expect(() => formatLatLng({ lat: Number.NaN, lng: 0 })).toThrow(RangeError);
  });

  it('wraps longitudes and builds bounds from raw map corners', () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(540)).toBe(180);
    expect(wrapLng(-540)).toBe(-180);
    expect(wrapLng(45)).toBe(45);
    expect(boundsFromCorners({ lat: -95, lng: 170 }, { lat: 10, lng: 190 })).toEqual({
      sw: { lat: -90, lng: 170 },
      ne: { lat: 10, lng: -170 },
    });
    expect(boundsFromCorners({ lat: 0, lng: -300 }, { lat: 10, lng: 200 })).toEqual({
      sw: { lat: 0, lng: -180 },
      ne: { lat: 10, lng: 180 },
    });
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (lng) => {
        const wrapped = wrapLng(lng);
        expect(wrapped).toBeGreaterThanOrEqual(-180);
        expect(wrapped).toBeLessThanOrEqual(180);
      }),
    );
  });

  it('parses the distance filter in miles', () => {
    expect(parseDistanceMiles('25')).toBe(25);
    expect(parseDistanceMiles('0')).toBe(0);
    expect(parseDistanceMiles('2.5')).toBe(2.5);
    expect(parseDistanceMiles(String(MAX_DISTANCE_MILES))).toBe(MAX_DISTANCE_MILES);
    for (const text of ['-1', '12451', 'far', '', '1e3', undefined]) expect(parseDistanceMiles(text)).toBeNull();
  });

  it('parses a distance filter in kilometres ("40km") into miles, the radius the search uses (issue 13)', () => {
    expect(parseDistanceMiles('40km')).toBeCloseTo(24.8548, 4);
    expect(parseDistanceMiles('1.609km')).toBeCloseTo(1.609 / 1.609344, 12);
    expect(parseDistanceMiles('0km')).toBe(0);
    // The same limit as in miles: half the Earth's circumference, 20 036.6 km.
    expect(parseDistanceMiles('20036km')).toBeCloseTo(20036 / KILOMETRES_PER_MILE, 6);
    for (const text of ['20037km', '-5km', '5 km', '5KM', '5mi', 'km', '5km5']) expect(parseDistanceMiles(text)).toBeNull();
  });

  it('writes a radius as the filter value its unit needs, and reads it back', () => {
    expect(distanceFilterValue({ amount: 25, unit: 'mile' })).toBe('25');
    expect(distanceFilterValue({ amount: 40, unit: 'kilometer' })).toBe('40km');
    expect(parseDistance('25')).toEqual({ amount: 25, unit: 'mile' });
    expect(parseDistance(' 40km ')).toEqual({ amount: 40, unit: 'kilometer' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom('mile' as const, 'kilometer' as const), (amount, unit) => {
        expect(parseDistance(distanceFilterValue({ amount, unit }))).toEqual({ amount, unit });
      }),
    );
  });
});
