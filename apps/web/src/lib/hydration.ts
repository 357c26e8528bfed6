import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while the app hydrates the server's markup, true in every render after that.
 * What only the browser can know (its geolocation API, this tab's sessionStorage) waits for true, so the
 * hydrating render draws exactly what the server drew and React keeps the server's DOM; React redraws the
 * difference right after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
