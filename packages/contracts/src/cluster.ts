/**
 * spec §9 "Map zoom 0 to 13. Cluster size: 1 job single pin; under 10 small; under 60 medium; otherwise
 * large." The web styles clusters by this class; counts are jobs, not markers.
 */

export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 13;

export type ClusterSizeClass = 'single' | 'small' | 'medium' | 'large';

export function clusterSizeClass(jobCount: number): ClusterSizeClass {
  if (!(jobCount > 1)) return 'single';
  if (jobCount < 10) return 'small';
  if (jobCount < 60) return 'medium';
  return 'large';
}

/** Zoom levels outside 0..13 clamp into the range (fractional zoom is kept); NaN gives the widest view. */
export function clampMapZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return MAP_MIN_ZOOM;
  return Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, zoom));
}
