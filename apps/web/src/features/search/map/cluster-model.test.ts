import { MAP_MAX_ZOOM, type MapMarker } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { WORLD, createClusterIndex, markerBounds } from './cluster-model';

const marker = (id: string, lat: number, lng: number, count: number, isRemote = false): MapMarker => ({
  id,
  latlong: { lat, lng },
  count,
  location: id,
  is_remote: isRemote,
});

// Greater Boston: three places a few miles apart, plus London far away and a remote marker.
const MARKERS = [
  marker('Boston', 42.3601, -71.0589, 30),
  marker('Cambridge', 42.3736, -71.1097, 25),
  marker('Somerville', 42.3876, -71.0995, 8),
  marker('London', 51.5072, -0.1276, 1),
  marker('Remote', 0, 0, 40, true),
];

describe('map clusters (spec §9)', () => {
  it('merges nearby places at a wide zoom and sizes the cluster by its jobs', () => {
    const points = createClusterIndex(MARKERS).pointsIn(WORLD, 3);
    const boston = points.find((point) => point.kind === 'cluster');
    expect(boston).toMatchObject({ kind: 'cluster', jobs: 63, places: 3, sizeClass: 'large' });
    expect(points.find((point) => point.kind === 'place')).toMatchObject({ location: 'London', jobs: 1, sizeClass: 'single' });
    expect(points).toHaveLength(2);
  });

  it('never draws remote markers (they are listed apart)', () => {
    const points = createClusterIndex(MARKERS).pointsIn(WORLD, 0);
    expect(points.reduce((sum, point) => sum + point.jobs, 0)).toBe(64);
  });

  it('shows every place on its own at the closest zoom, sized 1 / <10 / <60 / otherwise', () => {
    const points = createClusterIndex(MARKERS).pointsIn(WORLD, MAP_MAX_ZOOM);
    const byPlace = Object.fromEntries(points.map((point) => [point.kind === 'place' ? point.location : point.id, point.sizeClass]));
    expect(byPlace).toEqual({ Boston: 'medium', Cambridge: 'medium', Somerville: 'small', London: 'single' });
  });

  it('clamps zoom into 0..13 and gives a cluster an expansion zoom within it', () => {
    const index = createClusterIndex(MARKERS);
    expect(index.pointsIn(WORLD, 40)).toHaveLength(4);
    const cluster = index.pointsIn(WORLD, -3).find((point) => point.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = index.expansionZoom(cluster.clusterId);
    expect(zoom).toBeGreaterThan(0);
    expect(zoom).toBeLessThanOrEqual(MAP_MAX_ZOOM);
  });

  it('frames the on-site markers only', () => {
    expect(markerBounds(MARKERS)).toEqual({ sw: { lat: 42.3601, lng: -71.1097 }, ne: { lat: 51.5072, lng: -0.1276 } });
    expect(markerBounds([marker('Remote', 0, 0, 3, true)])).toBeNull();
  });
});
