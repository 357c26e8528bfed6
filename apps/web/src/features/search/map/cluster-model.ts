import {
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  clampMapZoom,
  clusterSizeClass,
  type ClusterSizeClass,
  type LatLng,
  type MapMarker,
} from '@careers/contracts';
import Supercluster from 'supercluster';

/**
 * What the map draws at one zoom (spec §9 "Map zoom 0 to 13. Cluster size: 1 job single pin; under 10
 * small; under 60 medium; otherwise large"). Sizes count jobs, not places: one city with 12 jobs is a
 * medium circle, two cities with one job each merge into a small one.
 */
export type MapPoint =
  | { kind: 'place'; id: string; latlong: LatLng; jobs: number; sizeClass: ClusterSizeClass; location: string }
  | { kind: 'cluster'; id: string; latlong: LatLng; jobs: number; sizeClass: ClusterSizeClass; places: number; clusterId: number };

/** West, south, east, north in degrees, as supercluster and Leaflet's toBBoxString order them. */
export type BBox = [number, number, number, number];

interface PlaceProps {
  markerId: string;
  jobs: number;
  location: string;
}
interface ClusterProps {
  jobs: number;
}

export const WORLD: BBox = [-180, -85, 180, 85];

export interface ClusterIndex {
  pointsIn(bbox: BBox, zoom: number): MapPoint[];
  /** The zoom at which a cluster splits, within 0..13. */
  expansionZoom(clusterId: number): number;
}

/** Remote markers are not places on a map (spec: "remote markers apart"); callers pass on-site ones only. */
export function createClusterIndex(markers: readonly MapMarker[]): ClusterIndex {
  const index = new Supercluster<PlaceProps, ClusterProps>({
    minZoom: MAP_MIN_ZOOM,
    // At the closest zoom every place stands alone.
    maxZoom: MAP_MAX_ZOOM - 1,
    // Wide enough that the largest circles (54 px) do not overlap their neighbours.
    radius: 80,
    map: (props) => ({ jobs: props.jobs }),
    reduce: (accumulated, props) => {
      accumulated.jobs += props.jobs;
    },
  });
  index.load(
    markers
      .filter((marker) => !marker.is_remote && marker.count > 0)
      .map((marker) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [marker.latlong.lng, marker.latlong.lat] },
        properties: { markerId: marker.id, jobs: marker.count, location: marker.location },
      })),
  );

  return {
    pointsIn(bbox, zoom) {
      const level = Math.floor(clampMapZoom(zoom));
      return index.getClusters(bbox, level).map((feature): MapPoint => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const latlong = { lat, lng };
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            id: `c:${props.cluster_id}`,
            latlong,
            jobs: props.jobs,
            sizeClass: clusterSizeClass(props.jobs),
            places: props.point_count,
            clusterId: props.cluster_id,
          };
        }
        const place = props as PlaceProps;
        return { kind: 'place', id: place.markerId, latlong, jobs: place.jobs, sizeClass: clusterSizeClass(place.jobs), location: place.location };
      });
    },
    expansionZoom(clusterId) {
      return clampMapZoom(index.getClusterExpansionZoom(clusterId));
    },
  };
}

/** South-west and north-east corners that hold every marker, or null when there is none. */
export function markerBounds(markers: readonly MapMarker[]): { sw: LatLng; ne: LatLng } | null {
  const places = markers.filter((marker) => !marker.is_remote);
  if (places.length === 0) return null;
  const lats = places.map((marker) => marker.latlong.lat);
  const lngs = places.map((marker) => marker.latlong.lng);
  return { sw: { lat: Math.min(...lats), lng: Math.min(...lngs) }, ne: { lat: Math.max(...lats), lng: Math.max(...lngs) } };
}
