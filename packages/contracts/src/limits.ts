/** Business constants shared by server and web (spec §9). */

/** spec §9 "Breakpoints": phone under 600, tablet 600–1023, desktop 1024 and up. */
export const BREAKPOINTS = {
  narrow: 359,
  tablet: 600,
  desktop: 1024,
  largeDesktop: 1180,
  extraLarge: 1600,
} as const;

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 1000;
export const NOTIFICATION_BADGE_POLL_MS = 5 * 60 * 1000;
export const TOAST_DEFAULT_CLOSE_MS = 5000;
export const SHOW_TOAST_DEFAULT_MS = 15000;
export const WINDOW_RESIZE_DEBOUNCE_MS = 250;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

/** spec §2 "Search page URL params": params kept on links across the site. */
export const REMEMBERED_PARAMS = [
  'utm_source',
  'utm_campaign',
  'src',
  'source',
  'microsite',
  'ref_src',
  'referral_token',
] as const;
