/**
 * The server-rendered first screen as it goes into `<div id="root">` (apps/server shell.ssr.ts writes it,
 * apps/web app/start.tsx hydrates it). It is there to be read early; until the app runs, its buttons and
 * fields would do nothing, so it is inert (no dead clicks, no focus) and marked disabled (screen readers
 * say so; test drivers wait for the app rather than act on markup it has not taken over yet). It takes no
 * box of its own (display: contents): the layout is the app's. `data-viewport` is the width class the
 * markup was drawn for, which the app draws too while it hydrates; the app then drops the waiting markers.
 */
export type RenderedViewport = 'phone' | 'tablet' | 'desktop';

export const SERVER_MARKUP_ATTRIBUTE = 'data-server-rendered';

/** The attributes that say "not the app's yet", removed once the app has hydrated the markup. */
export const SERVER_MARKUP_WAITING_ATTRIBUTES = [SERVER_MARKUP_ATTRIBUTE, 'inert', 'aria-disabled'] as const;

export function wrapServerMarkup(html: string, viewport: RenderedViewport): string {
  return html === ''
    ? ''
    : `<div ${SERVER_MARKUP_ATTRIBUTE} data-viewport="${viewport}" inert aria-disabled="true" style="display:contents">${html}</div>`;
}
