import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, boundsFromCorners, type GeoBounds, type LatLng, type MapMarker } from '@careers/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { isolate } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { createClusterIndex, markerBounds, type BBox, type MapPoint } from './cluster-model';
import './map-view.css';

export interface MapViewProps {
  /** On-site markers only: remote ones are listed apart (spec: "remote markers apart"). */
  markers: readonly MapMarker[];
  tileUrl: string;
  attribution: string;
  /** The current search is this Map Area: keep showing it instead of fitting the markers. */
  searchedArea: GeoBounds | null;
  onSearchArea: (bounds: GeoBounds) => void;
  onSelectPlace: (place: { latlong: LatLng; location: string }) => void;
}

const PIN_SIZE: Record<MapPoint['sizeClass'], number> = { single: 28, small: 36, medium: 44, large: 54 };

/**
 * The job map (issue 3): Leaflet with supercluster clusters, loaded only when the Map view is chosen.
 * Markers are HTML elements, so they draw and work with no tiles at all (offline, a blocked tile server);
 * each is a keyboard-focusable button. A place searches there (Map Location); a cluster zooms in.
 */
export function MapView({ markers, tileUrl, attribution, searchedArea, onSearchArea, onSelectPlace }: MapViewProps) {
  const { t, i18n } = useTranslation('search');
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const isProgrammaticMove = useRef(false);
  const [hasMoved, setMoved] = useState(false);
  const [haveTilesFailed, setTilesFailed] = useState(false);
  const index = useMemo(() => createClusterIndex(markers), [markers]);

  const handlers = useRef({ onSelectPlace, t, language: i18n.language });
  useEffect(() => {
    handlers.current = { onSelectPlace, t, language: i18n.language };
  });

  // One Leaflet map for the component's life.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      minZoom: MAP_MIN_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      worldCopyJump: true,
      zoomSnap: 1,
      center: [20, 0],
      zoom: 2,
    });
    L.tileLayer(tileUrl, { attribution, minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    map.on('movestart', () => {
      if (!isProgrammaticMove.current) setMoved(true);
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [tileUrl, attribution]);

  // New results: frame them (or the searched area), then draw.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const frame = searchedArea ?? markerBounds(markers);
    isProgrammaticMove.current = true;
    if (frame) {
      map.fitBounds(
        [
          [frame.sw.lat, frame.sw.lng],
          [frame.ne.lat, frame.ne.lng],
        ],
        { padding: [32, 32], maxZoom: 10, animate: false },
      );
    }
    isProgrammaticMove.current = false;
    setMoved(false);
  }, [markers, searchedArea]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const draw = () => {
      const bounds = map.getBounds();
      const bbox: BBox = [Math.max(-180, bounds.getWest()), Math.max(-85, bounds.getSouth()), Math.min(180, bounds.getEast()), Math.min(85, bounds.getNorth())];
      layer.clearLayers();
      for (const point of index.pointsIn(bbox, map.getZoom())) {
        layer.addLayer(pointMarker(point, () => activate(point)));
      }
    };
    const activate = (point: MapPoint) => {
      if (point.kind === 'cluster') {
        isProgrammaticMove.current = true;
        map.setView([point.latlong.lat, point.latlong.lng], index.expansionZoom(point.clusterId), { animate: false });
        isProgrammaticMove.current = false;
        return;
      }
      handlers.current.onSelectPlace({ latlong: point.latlong, location: point.location });
    };
    const pointMarker = (point: MapPoint, onActivate: () => void) => {
      const { t: translate, language } = handlers.current;
      const jobs = formatNumber(point.jobs, language);
      const label =
        point.kind === 'cluster'
          ? translate('map.clusterLabel', { count: point.jobs, jobs, places: point.places })
          : translate('map.placeLabel', { count: point.jobs, jobs, location: isolate(point.location) });
      const size = PIN_SIZE[point.sizeClass];
      const face = document.createElement('span');
      face.className = 'map-pin__face';
      face.textContent = point.sizeClass === 'single' ? '' : jobs;
      const marker = L.marker([point.latlong.lat, point.latlong.lng], {
        icon: L.divIcon({ className: `map-pin map-pin--${point.sizeClass}`, html: face, iconSize: [size, size] }),
        keyboard: true,
        title: label,
        riseOnHover: true,
      });
      marker.on('click', onActivate);
      marker.on('add', () => {
        const element = marker.getElement();
        if (!element) return;
        element.setAttribute('aria-label', label);
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onActivate();
        });
      });
      return marker;
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [index]);

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    onSearchArea(
      boundsFromCorners(
        { lat: bounds.getSouth(), lng: bounds.getWest() },
        { lat: bounds.getNorth(), lng: bounds.getEast() },
      ),
    );
  };

  return (
    <div className="map-view">
      <div ref={containerRef} className="map-view__canvas" role="region" aria-label={t('map.label')} />
      {hasMoved ? (
        <div className="map-view__search-area">
          <Button size="sm" onClick={searchArea}>
            {t('map.searchArea')}
          </Button>
        </div>
      ) : null}
      {haveTilesFailed ? (
        <p className="map-view__notice" role="status">
          {t('map.tilesFailed')}
        </p>
      ) : null}
    </div>
  );
}
