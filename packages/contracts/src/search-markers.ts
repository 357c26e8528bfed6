import { formatLatLng, parseLatLng, type LatLng } from './search-location';
import { MAP_MARKER_FILTERS, type FilterDef, type MapMarkerFilter } from './search';

/**
 * spec §3: "The filters latlong_non_remote and latlong_remote supply map markers: label is the count,
 * value is a location string holding latlong" and "Map marker: id, latlong{lat,lng}, count, location,
 * is_remote". Our value format: `<location text>@<lat>,<lng>`, e.g. "Boston, MA, US@42.3601,-71.0589".
 * The latlong follows the LAST "@", so a place name may itself contain "@" or commas.
 */

export interface MapMarker {
  id: string;
  latlong: LatLng;
  count: number;
  location: string;
  is_remote: boolean;
}

export function formatMarkerValue(location: string, latlong: LatLng): string {
  return `${location}@${formatLatLng(latlong)}`;
}

/** The location and latlong of a marker option's value; null when the value holds no valid latlong. */
export function parseMarkerValue(value: string): { location: string; latlong: LatLng } | null {
  if (typeof value !== 'string') return null;
  const at = value.lastIndexOf('@');
  if (at < 0) return null;
  const latlong = parseLatLng(value.slice(at + 1));
  return latlong ? { location: value.slice(0, at).trim(), latlong } : null;
}

/** Stable per filter and point, so React keys and cluster ids survive a refetch. */
export const markerId = (filterName: MapMarkerFilter, latlong: LatLng): string =>
  `${filterName === 'latlong_remote' ? 'r' : 'n'}:${formatLatLng(latlong)}`;

/** Every marker in a search response's filterDef; malformed options are skipped, not fatal. */
export function markersFromFilterDef(filterDef: FilterDef): MapMarker[] {
  const markers: MapMarker[] = [];
  for (const entry of filterDef.allFilters) {
    const filterName = MAP_MARKER_FILTERS.find((name) => name === entry.filterName);
    if (!filterName) continue;
    for (const option of entry.options) {
      const parsed = parseMarkerValue(option.value);
      const count = /^\d+$/.test(option.label.trim()) ? Number(option.label.trim()) : option.count;
      if (!parsed || !(count > 0)) continue;
      markers.push({
        id: markerId(filterName, parsed.latlong),
        latlong: parsed.latlong,
        count,
        location: parsed.location,
        is_remote: filterName === 'latlong_remote',
      });
    }
  }
  return markers;
}

/**
 * The pins of the map: one per point, counting every job a click on it finds. A pin opens a Map Location
 * search at its point (distance 0, spec §4), and that search takes every job at the point — remote ones
 * located there too, and every place label sharing the coordinates. issue 8 §6: the pin said "Bogotá: 18
 * jobs" (its on-site marker) while its search returned 21 (plus 3 remote jobs located in Bogotá). Points
 * with remote jobs only stay off the map (they are listed apart, as "Remote jobs").
 */
export function mapPins(markers: readonly MapMarker[]): MapMarker[] {
  const pins = new Map<string, MapMarker & { largest: number }>();
  for (const marker of markers) {
    if (marker.is_remote) continue;
    const key = formatLatLng(marker.latlong);
    const pin = pins.get(key);
    if (!pin) {
      pins.set(key, { ...marker, largest: marker.count });
      continue;
    }
    pin.count += marker.count;
    if (marker.count > pin.largest) {
      pin.largest = marker.count;
      pin.location = marker.location;
    }
  }
  for (const marker of markers) {
    const pin = marker.is_remote ? pins.get(formatLatLng(marker.latlong)) : undefined;
    if (pin) pin.count += marker.count;
  }
  return [...pins.values()].map(({ largest: _largest, ...pin }) => pin);
}
