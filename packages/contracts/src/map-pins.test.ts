import { describe, expect, it } from 'vitest';
import { mapPins, type MapMarker } from './search-markers';

const marker = (location: string, lat: number, lng: number, count: number, isRemote = false): MapMarker => ({
  id: `${isRemote ? 'r' : 'n'}:${lat},${lng}:${location}`,
  latlong: { lat, lng },
  count,
  location,
  is_remote: isRemote,
});

describe('mapPins (issue 8 §6: a pin counts what its search finds)', () => {
  it("adds the remote jobs located at a pin's point, as the point's search takes them", () => {
    const pins = mapPins([marker('Bogotá, DC, Colombia', 4.711, -74.0721, 18), marker('Bogotá, DC, Colombia', 4.711, -74.0721, 3, true)]);
    expect(pins).toEqual([expect.objectContaining({ location: 'Bogotá, DC, Colombia', count: 21, is_remote: false })]);
  });

  it('makes one pin of the labels sharing a point, named after the largest', () => {
    const pins = mapPins([marker('Bogota', 4.711, -74.0721, 2), marker('Bogotá, DC, Colombia', 4.711, -74.0721, 16), marker('Lima', -12.0464, -77.0428, 4)]);
    expect(pins.map((pin) => [pin.location, pin.count])).toEqual([
      ['Bogotá, DC, Colombia', 18],
      ['Lima', 4],
    ]);
  });

  it('leaves points with remote jobs only off the map', () => {
    expect(mapPins([marker('Anywhere', 10, 10, 5, true)])).toEqual([]);
  });
});
