/**
 * spec §4 Search "Special location values: remote, current location, Map Location (search by selected
 * map lat/long, distance filter set to 0), Map Area (search by map bounds as south-west and north-east
 * points)". The coordinates travel in two params of our choosing (the spec is silent):
 *   latlong=<lat>,<lng>                      current location and Map Location
 *   bounds=<swLat>,<swLng>,<neLat>,<neLng>   Map Area; swLng > neLng means the area crosses the antimeridian
 * Decimal degrees, plain decimal notation only ("1e2", "Infinity", "0x10" are refused).
 */

export const SPECIAL_LOCATIONS = {
  remote: 'remote',
  currentLocation: 'current location',
  mapLocation: 'Map Location',
  mapArea: 'Map Area',
} as const;

export type LocationKind = 'none' | 'text' | 'remote' | 'current_location' | 'map_location' | 'map_area';

/** Special values are matched case-insensitively and with hyphens/underscores read as spaces (spec §2). */
export function locationKind(location: string | null | undefined): LocationKind {
  const text = (location ?? '').replace(/[-_]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  switch (text) {
    case '':
      return 'none';
    case SPECIAL_LOCATIONS.remote:
      return 'remote';
    case SPECIAL_LOCATIONS.currentLocation:
      return 'current_location';
    case SPECIAL_LOCATIONS.mapLocation.toLowerCase():
      return 'map_location';
    case SPECIAL_LOCATIONS.mapArea.toLowerCase():
      return 'map_area';
    default:
      return 'text';
  }
}

/** Kinds that search around `latlong` and need it (a 400 otherwise). */
export const needsLatLong = (kind: LocationKind): boolean => kind === 'current_location' || kind === 'map_location';

export interface LatLng {
  lat: number;
  lng: number;
}

/** South-west and north-east corners, as Leaflet's LatLngBounds gives them. */
export interface GeoBounds {
  sw: LatLng;
  ne: LatLng;
}

const DEGREES = /^[+-]?\d{1,3}(?:\.\d{1,15})?$/;

function parseDegrees(text: string, limit: number): number | null {
  const trimmed = text.trim();
  if (!DEGREES.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) <= limit ? value + 0 : null;
}

const isLatLng = (point: LatLng): boolean =>
  Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;

/** "42.36,-71.06" → { lat: 42.36, lng: -71.06 }; null for anything else (NaN, |lat| > 90, |lng| > 180). */
export function parseLatLng(text: string | null | undefined): LatLng | null {
  if (typeof text !== 'string' || text.length > 80) return null;
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const lat = parseDegrees(parts[0] ?? '', 90);
  const lng = parseDegrees(parts[1] ?? '', 180);
  return lat === null || lng === null ? null : { lat, lng };
}

/** "swLat,swLng,neLat,neLng" → bounds; null when malformed or when the south edge is north of the north edge. */
export function parseBounds(text: string | null | undefined): GeoBounds | null {
  if (typeof text !== 'string' || text.length > 160) return null;
  const parts = text.split(',');
  if (parts.length !== 4) return null;
  const [swLat, swLng, neLat, neLng] = [
    parseDegrees(parts[0] ?? '', 90),
    parseDegrees(parts[1] ?? '', 180),
    parseDegrees(parts[2] ?? '', 90),
    parseDegrees(parts[3] ?? '', 180),
  ];
  if (swLat === null || swLng === null || neLat === null || neLng === null || swLat > neLat) return null;
  return { sw: { lat: swLat, lng: swLng }, ne: { lat: neLat, lng: neLng } };
}

/** Six decimals (~11 cm) are plenty and keep URLs and cache keys short. */
const formatDegrees = (value: number): string => {
  const rounded = Math.round(value * 1e6) / 1e6;
  return (rounded === 0 ? 0 : rounded).toFixed(6).replace(/\.?0+$/, '');
};

export function formatLatLng(point: LatLng): string {
  if (!isLatLng(point)) throw new RangeError('Latitude must be within ±90 and longitude within ±180');
  return `${formatDegrees(point.lat)},${formatDegrees(point.lng)}`;
}

export function formatBounds(bounds: GeoBounds): string {
  return `${formatLatLng(bounds.sw)},${formatLatLng(bounds.ne)}`;
}

/** Longitude folded into [-180, 180]: a panned Leaflet map reports 190 or -540. */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * Bounds from a map's raw corners (web, Map Area): latitudes clamped, longitudes wrapped; a view wider
 * than the world becomes the whole world instead of a wrapped sliver.
 */
export function boundsFromCorners(sw: LatLng, ne: LatLng): GeoBounds {
  const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
  const south = clampLat(Math.min(sw.lat, ne.lat));
  const north = clampLat(Math.max(sw.lat, ne.lat));
  if (ne.lng - sw.lng >= 360) return { sw: { lat: south, lng: -180 }, ne: { lat: north, lng: 180 } };
  return { sw: { lat: south, lng: wrapLng(sw.lng) }, ne: { lat: north, lng: wrapLng(ne.lng) } };
}

/**
 * The distance filter (spec §4); 0 means "at this point" (Map Location). Its value is a radius in miles ("25",
 * as the spec's addresses have it) or in kilometres with the unit written ("40km"): a candidate whose region
 * or tenant measures in kilometres picks and reads kilometres (issue 13), and the address says which.
 */
export const DISTANCE_FILTER = 'distance';
/** Half the Earth's circumference: any larger radius covers the globe. */
export const MAX_DISTANCE_MILES = 12_450;
/** The international mile, exactly. */
export const KILOMETRES_PER_MILE = 1.609344;

/** Intl.NumberFormat's unit names, so a label needs no per-language word. */
export type DistanceUnit = 'mile' | 'kilometer';

export interface Distance {
  amount: number;
  unit: DistanceUnit;
}

/** "25" → 25 miles, "40km" → 40 kilometres; null for negatives, non-numbers and other units. */
export function parseDistance(text: string | null | undefined): Distance | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,5}(?:\.\d{1,3})?)(km)?$/.exec(text.trim());
  if (!match) return null;
  return { amount: Number(match[1]), unit: match[2] === undefined ? 'mile' : 'kilometer' };
}

/** The filter value for a radius: 25 miles → "25", 40 km → "40km" (parseDistance reads both back). */
export function distanceFilterValue({ amount, unit }: Distance): string {
  return unit === 'mile' ? String(amount) : `${amount}km`;
}

/** The radius in miles the search uses ("40km" → 24.85…); null when unreadable or beyond MAX_DISTANCE_MILES. */
export function parseDistanceMiles(text: string | null | undefined): number | null {
  const distance = parseDistance(text);
  if (!distance) return null;
  const miles = distance.unit === 'mile' ? distance.amount : distance.amount / KILOMETRES_PER_MILE;
  return miles <= MAX_DISTANCE_MILES ? miles : null;
}
