import { matchPath } from 'react-router';
import type { Breakpoint } from '../lib/breakpoints';
import { APP_ROUTES, type AppRoute } from './route-table';

/**
 * Loads a screen's code ahead of its first render (lazy screens: lib/lazy-named.ts). A screen whose lazy
 * parts depend on the width (the search page's job pane, desktop only) loads those the width shows;
 * without a width, all of them (the server).
 */
export type ScreenPreload = (breakpoint?: Breakpoint) => Promise<void>;

function preloaderOf(route: AppRoute): ScreenPreload | undefined {
  return (route.Component as { preload?: ScreenPreload }).preload;
}

/**
 * Loads the code of the screens that may answer `pathname`, so the first render shows the screen rather
 * than its loading fallback: the server renders it into the HTML, and the browser's first render then
 * draws the same screen in place of that markup (no skeleton in between).
 */
export async function preloadScreens(pathname: string, breakpoint?: Breakpoint, routes: readonly AppRoute[] = APP_ROUTES): Promise<void> {
  const loads = routes
    .filter((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null)
    .map(preloaderOf)
    .filter((preload) => preload !== undefined)
    .map((preload) => preload(breakpoint));
  await Promise.all(loads);
}
