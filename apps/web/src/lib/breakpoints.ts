import { BREAKPOINTS, WINDOW_RESIZE_DEBOUNCE_MS } from '@careers/contracts';
import { createContext, useContext, useEffect, useState } from 'react';

export { BREAKPOINTS };

/** spec §9: phone under 600, tablet 600–1023, desktop 1024 and up. */
export type Breakpoint = 'phone' | 'tablet' | 'desktop';

export function breakpointFor(width: number): Breakpoint {
  if (width < BREAKPOINTS.tablet) return 'phone';
  if (width < BREAKPOINTS.desktop) return 'tablet';
  return 'desktop';
}

/** A width typical of each class, for rendering on the server where there is no window. */
export const TYPICAL_WIDTH: Record<Breakpoint, number> = { phone: 375, tablet: 800, desktop: 1280 };

/**
 * The width the server renders for (it sees no window; it guesses from the request). The browser
 * ignores it and reads its own window.
 */
export const ServerWidthContext = createContext<number>(TYPICAL_WIDTH.desktop);

/** The window width, updated at most once per 250 ms of resizing (spec §9 "Window resize debounce"). */
export function useWindowWidth(): number {
  const serverWidth = useContext(ServerWidthContext);
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? serverWidth : window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), WINDOW_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return width;
}

export function useBreakpoint(): Breakpoint {
  return breakpointFor(useWindowWidth());
}
