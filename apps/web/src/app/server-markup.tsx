import { createContext, useContext, useEffect } from 'react';

/**
 * Hands the server's markup over to the app. The root commits before the route's own Suspense boundary is
 * hydrated (React hydrates each boundary in a pass of its own), so operability is given back by the page's
 * frame, from inside that boundary: a choice made in between (the footer's language select) would otherwise
 * reach a control React has not taken over yet, and be lost.
 */
const ReleaseContext = createContext<(() => void) | null>(null);

export const ServerMarkupRelease = ReleaseContext.Provider;

/** Called by the page's frame: once its effects run, the page is the app's and may be operated. */
export function useReleaseServerMarkup(): void {
  const release = useContext(ReleaseContext);
  useEffect(() => release?.(), [release]);
}
