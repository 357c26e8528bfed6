/**
 * Full-page navigations. They go through this object so tests can observe them (jsdom's `location` cannot
 * be spied on) and so every reload in the app is easy to find.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Stands in for the page's origin while the server renders (no window there); never shown. */
const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';

/**
 * An absolute address on this site. Rendering on the server has no window: what it computes there must
 * not reach the markup (e.g. a link copied on click only).
 */
export function siteUrl(path: string): URL {
  return new URL(path, typeof window === 'undefined' ? SERVER_RENDER_ORIGIN : window.location.origin);
}
