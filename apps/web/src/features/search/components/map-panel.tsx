import { mapPins, markersFromFilterDef, type FilterDef, type GeoBounds, type LatLng, type MapMarker } from '@careers/contracts';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import type { MapViewProps } from '../map/map-view';
import './map-panel.css';

/** Leaflet, supercluster and the Leaflet CSS arrive only when the Map view is chosen (P5). */
export const loadMapView = () => import('../map/map-view');
const MapView = lazyNamed<MapViewProps, 'MapView'>(loadMapView, 'MapView');

export interface MapPanelProps {
  filterDef: FilterDef | undefined;
  tileUrl: string;
  attribution: string;
  searchedArea: GeoBounds | null;
  onSearchArea: (bounds: GeoBounds) => void;
  onSelectPlace: (place: { latlong: LatLng; location: string }) => void;
  onSearchRemote: () => void;
}

/**
 * The map view (spec §3 map markers from the latlong facets): the Leaflet map, remote jobs apart as one
 * chip, and the places as a list of buttons — the keyboard and screen-reader way to the same searches.
 */
export function MapPanel({ filterDef, tileUrl, attribution, searchedArea, onSearchArea, onSelectPlace, onSearchRemote }: MapPanelProps) {
  const { t, i18n } = useTranslation('search');
  const markers = useMemo(() => (filterDef ? markersFromFilterDef(filterDef) : []), [filterDef]);
  // One pin per point, counting what its search finds (issue 8 §6).
  const places = useMemo(() => mapPins(markers), [markers]);
  const remoteJobs = markers.filter((marker) => marker.is_remote).reduce((sum, marker) => sum + marker.count, 0);

  return (
    <section className="map-panel" aria-label={t('map.panelLabel')}>
      <div className="map-panel__map">
        <Suspense fallback={<div className="map-panel__loading" role="status">{t('map.loading')}</div>}>
          <MapView
            markers={places}
            tileUrl={tileUrl}
            attribution={attribution}
            searchedArea={searchedArea}
            onSearchArea={onSearchArea}
            onSelectPlace={onSelectPlace}
          />
        </Suspense>
      </div>
      {remoteJobs > 0 ? (
        <button type="button" className="filter-chip map-panel__remote" onClick={onSearchRemote}>
          {t('map.remoteJobs', { count: remoteJobs, jobs: formatNumber(remoteJobs, i18n.language) })}
        </button>
      ) : null}
      <PlaceList places={places} onSelectPlace={onSelectPlace} />
    </section>
  );
}

export interface PlaceListProps {
  places: readonly MapMarker[];
  onSelectPlace: (place: { latlong: LatLng; location: string }) => void;
}

/** Every place on the map as a button, most jobs first: the map's keyboard equivalent. */
export function PlaceList({ places, onSelectPlace }: PlaceListProps) {
  const { t, i18n } = useTranslation('search');
  if (places.length === 0) return <p className="map-panel__empty">{t('map.noPlaces')}</p>;
  const sorted = [...places].sort((a, b) => b.count - a.count || a.location.localeCompare(b.location));
  return (
    <details className="map-panel__places">
      <summary>{t('map.placesSummary', { count: places.length })}</summary>
      <ul className="map-panel__place-list">
        {sorted.map((place) => (
          <li key={place.id}>
            <button type="button" className="map-panel__place" onClick={() => onSelectPlace({ latlong: place.latlong, location: place.location })}>
              <span dir="auto">{place.location}</span>
              <span className="map-panel__place-count tabular-nums">
                {t('map.jobs', { count: place.count, jobs: formatNumber(place.count, i18n.language) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
