import type { LatLng } from '@careers/contracts';
import { useHydrated } from '../../../lib/hydration';

/** Whether the browser can be asked for the candidate's position (spec §4 "current location"). */
export const canLocate = (): boolean => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** canLocate() for rendering: false on the server and while hydrating its markup (no navigator there). */
export function useCanLocate(): boolean {
  return useHydrated() && canLocate();
}

/** Four decimals (~11 m) are precise enough to search around and say less about where someone lives. */
const round = (degrees: number): number => Math.round(degrees * 1e4) / 1e4;

/** The browser's position; rejects when it is unavailable, refused or takes longer than 15 s. */
export function requestCurrentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!canLocate()) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) }),
      (error) => reject(new Error(error.message || 'Geolocation failed')),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  });
}
