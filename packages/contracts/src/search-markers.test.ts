import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMarkerValue, markersFromFilterDef, parseMarkerValue } from './search-markers';

describe('map markers (spec §3)', () => {
  it('parses the location and latlong from an option value', () => {
    expect(parseMarkerValue('Boston, MA, US@42.3601,-71.0589')).toEqual({
      location: 'Boston, MA, US',
      latlong: { lat: 42.3601, lng: -71.0589 },
    });
    expect(parseMarkerValue('Hall @ Pier 4@1,2')).toEqual({ location: 'Hall @ Pier 4', latlong: { lat: 1, lng: 2 } });
    expect(parseMarkerValue('@0,0')).toEqual({ location: '', latlong: { lat: 0, lng: 0 } });
    for (const bad of ['Boston', 'Boston@', 'Boston@91,0', 'Boston@1,2@x', 'Boston@NaN,1']) expect(parseMarkerValue(bad)).toBeNull();
  });

  it('round-trips any location text and coordinates', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (location, lat, lng) => {
        const parsed = parseMarkerValue(formatMarkerValue(location, { lat, lng }));
        expect(parsed?.location).toBe(location.trim());
        expect(Math.abs((parsed?.latlong.lat ?? 999) - lat)).toBeLessThanOrEqual(5e-7);
      }),
    );
  });

  it('builds markers from the two marker filters, skipping other filters and malformed options', () => {
    const markers = markersFromFilterDef({
      allFilters: [
        { filterName: 'department', displayName: 'Department', options: [{ label: 'Care', value: 'Care', count: 2 }] },
        {
          filterName: 'latlong_non_remote',
          displayName: 'latlong_non_remote',
          options: [
            { label: '3', value: 'Boston, MA, US@42.36,-71.06', count: 3 },
            { label: '2', value: 'broken', count: 2 },
            { label: '0', value: 'Nowhere@1,1', count: 0 },
          ],
        },
        { filterName: 'latlong_remote', displayName: 'latlong_remote', options: [{ label: '7', value: 'US@39.8,-98.6', count: 7 }] },
      ],
    });
    expect(markers).toEqual([
      { id: 'n:42.36,-71.06', latlong: { lat: 42.36, lng: -71.06 }, count: 3, location: 'Boston, MA, US', is_remote: false },
      { id: 'r:39.8,-98.6', latlong: { lat: 39.8, lng: -98.6 }, count: 7, location: 'US', is_remote: true },
    ]);
  });

  it('falls back to the option count when the label is not a number', () => {
    const [marker] = markersFromFilterDef({
      allFilters: [{ filterName: 'latlong_remote', displayName: '', options: [{ label: 'many', value: 'X@1,1', count: 4 }] }],
    });
    expect(marker?.count).toBe(4);
  });
});
