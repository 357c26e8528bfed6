import { matchPath } from 'react-router';
import type { LazyComponent } from '../lib/lazy-named';
import { APP_ROUTES, type AppRoute } from './route-table';

function preloaderOf(route: AppRoute): (() => Promise<void>) | undefined {
  return (route.Component as Partial<LazyComponent<object>>).preload;
}

/**
 * Loads the code of the screens that may answer `pathname`, so the first render shows the screen rather
 * than its loading fallback: the server renders it into the HTML, and the browser's first render then
 * draws the same screen in place of that markup (no skeleton in between).
 */
export async function preloadScreens(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): Promise<void> {
  const loads = routes
    .filter((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null)
    .map(preloaderOf)
    .filter((preload) => preload !== undefined)
    .map((preload) => preload());
  await Promise.all(loads);
}
