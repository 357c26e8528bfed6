import type { GeoBounds, LatLng } from '@careers/contracts';

/**
 * Geo search (issue 3 "Location"; DESIGN.md "geo by lat/long with a bounding-box prefilter"): the
 * repository narrows candidates with an indexable box on lat/lng (`lat BETWEEN ? AND ? AND (lng BETWEEN
 * ? AND ? [OR lng BETWEEN ? AND ?])`), then keeps those within the exact haversine distance. The
 * "lat,lng" and bounds params are parsed by parseLatLng/parseBounds in @careers/contracts, shared with
 * the query schema.
 */

/** Mean Earth radius (IUGG), the usual choice for haversine. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;
export const EARTH_RADIUS_MILES = EARTH_RADIUS_KM / KM_PER_MILE;

/**
 * Map Location searches with distance 0 (spec §4). Coordinates pass through a marker value rounded to
 * six decimals, so "at this point" allows this much slack (about 160 m) instead of exact equality.
 */
export const POINT_MATCH_MILES = 0.1;

const RADIANS = Math.PI / 180;
const DEGREES = 180 / Math.PI;

/** Central angle between two points, in radians (haversine; stable for small distances). */
function centralAngle(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLng = (b.lng - a.lng) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const haversineKm = (a: LatLng, b: LatLng): number => centralAngle(a, b) * EARTH_RADIUS_KM;
export const haversineMiles = (a: LatLng, b: LatLng): number => centralAngle(a, b) * EARTH_RADIUS_MILES;

/** The radius a distance filter means: 0 (Map Location) becomes POINT_MATCH_MILES. */
export const effectiveRadiusMiles = (distanceMiles: number): number => Math.max(distanceMiles, POINT_MATCH_MILES);

export function isWithinRadius(center: LatLng, point: LatLng, radiusMiles: number): boolean {
  return haversineMiles(center, point) <= effectiveRadiusMiles(radiusMiles);
}

/** A latitude band and one or two longitude ranges (two when the box crosses the antimeridian). */
export interface GeoBox {
  minLat: number;
  maxLat: number;
  lngRanges: [number, number][];
}

const WHOLE_WORLD: GeoBox = { minLat: -90, maxLat: 90, lngRanges: [[-180, 180]] };

function lngRanges(minLng: number, maxLng: number): [number, number][] {
  if (maxLng - minLng >= 360) return [[-180, 180]];
  if (minLng < -180) return [[minLng + 360, 180], [-180, maxLng]];
  if (maxLng > 180) return [[minLng, 180], [-180, maxLng - 360]];
  return [[minLng, maxLng]];
}

/**
 * The smallest lat/lng box holding every point within `radiusMiles` of `center` (J. P. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates"). When the
 * circle reaches a pole, every longitude is in; when it crosses ±180°, the longitudes split in two.
 */
export function boundingBox(center: LatLng, radiusMiles: number): GeoBox {
  const angle = effectiveRadiusMiles(radiusMiles) / EARTH_RADIUS_MILES;
  if (!Number.isFinite(angle) || angle >= Math.PI) return WHOLE_WORLD;
  const lat = center.lat * RADIANS;
  const minLat = lat - angle;
  const maxLat = lat + angle;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return {
      minLat: Math.max(minLat * DEGREES, -90),
      maxLat: Math.min(maxLat * DEGREES, 90),
      lngRanges: [[-180, 180]],
    };
  }
  const dLng = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(lat))) * DEGREES;
  return {
    minLat: minLat * DEGREES,
    maxLat: maxLat * DEGREES,
    lngRanges: lngRanges(center.lng - dLng, center.lng + dLng),
  };
}

/** Map Area (spec §4): south-west to north-east; swLng > neLng means the view crosses the antimeridian. */
export function boxFromBounds(bounds: GeoBounds): GeoBox {
  const { sw, ne } = bounds;
  return {
    minLat: sw.lat,
    maxLat: ne.lat,
    lngRanges: sw.lng <= ne.lng ? [[sw.lng, ne.lng]] : [[sw.lng, 180], [-180, ne.lng]],
  };
}

export function isInBox(point: LatLng, box: GeoBox): boolean {
  return (
    point.lat >= box.minLat &&
    point.lat <= box.maxLat &&
    box.lngRanges.some(([min, max]) => point.lng >= min && point.lng <= max)
  );
}
