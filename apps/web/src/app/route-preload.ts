import { matchRoutes } from 'react-router';
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
 * Loads the code of the screen that answers `pathname`, so the first render shows the screen rather than its
 * loading fallback: the server renders it into the HTML, and the browser's first render then draws the same
 * screen in place of that markup (no skeleton in between). The screen is the one the router renders, ranked as
 * it ranks them: `/careers/apply` is the apply page, not a search for "apply" (`/careers/:query?/:location?`),
 * whose desktop job pane would otherwise load on every one-segment page before it hydrates.
 */
export async function preloadScreens(pathname: string, breakpoint?: Breakpoint, routes: readonly AppRoute[] = APP_ROUTES): Promise<void> {
  const paths = routes.map((route) => ({ path: route.path }));
  const matched = matchRoutes(paths, pathname)?.at(-1)?.route;
  const route = matched ? routes[paths.indexOf(matched)] : undefined;
  await (route ? preloaderOf(route)?.(breakpoint) : undefined);
}
