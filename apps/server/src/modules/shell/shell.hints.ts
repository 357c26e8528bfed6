import { BREAKPOINTS, readSearchUrl, ROUTES, tenantCustomHtml, type HeroImage } from '@careers/contracts';
import { escapeHtml } from '../../http/html';
import type { Tenant } from '../tenants/tenants.service';
import type { WebChunks } from './web-chunks';

/**
 * What the browser may fetch while the app's own scripts still download: without these hints each is
 * found only once the app has run (one more round trip on a slow phone network before the first paint).
 */

/** The web module that injects tenant HTML (DOMPurify); the app waits for it before its first render. */
export const SANITIZER_MODULE = 'src/lib/sanitize.ts';

/**
 * The app itself: the web's entry (main.tsx) imports it once the server-rendered screen is painted; the
 * hint has it downloaded meanwhile.
 */
export const APP_MODULE = 'src/app/start.tsx';

/**
 * Route screens loaded lazily by the web's route table (apps/web/src/app/route-table.tsx), by the shared route
 * patterns. Every screen is here: one missing paints its server-rendered markup without its styles, which then
 * arrive and move it (the profile's skeleton shifted by 0.13 before this table had it).
 */
const ROUTE_MODULES: readonly { routes: readonly string[]; source: string }[] = [
  { routes: [ROUTES.job], source: 'src/app/routes/job-route.tsx' },
  { routes: [ROUTES.offers, ROUTES.offerIndex], source: 'src/app/routes/offers-route.tsx' },
  { routes: [ROUTES.offer], source: 'src/app/routes/offer-detail-route.tsx' },
  { routes: [ROUTES.offerDocument, ROUTES.offerLetter], source: 'src/app/routes/offer-letter-route.tsx' },
  { routes: [ROUTES.dashboard, ROUTES.dashboardV2, ROUTES.applications, ROUTES.interviews], source: 'src/app/routes/dashboard-route.tsx' },
  { routes: [ROUTES.formsCenter, ROUTES.forms, ROUTES.onboarding], source: 'src/app/routes/forms-center-route.tsx' },
  { routes: [ROUTES.apply, ROUTES.applyPrivate], source: 'src/app/routes/apply-route.tsx' },
  { routes: [ROUTES.profile, ROUTES.exportResume], source: 'src/app/routes/profile-route.tsx' },
  { routes: [ROUTES.settings], source: 'src/app/routes/settings-route.tsx' },
  { routes: [ROUTES.savedJobs], source: 'src/app/routes/saved-jobs-route.tsx' },
];

/** A React Router pattern (`/careers/offer/:id`, `/careers/job/:pid?`) as an anchored, case-blind RegExp. */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

const PAGE_MODULES: readonly { path: RegExp; sources: readonly string[] }[] = ROUTE_MODULES.flatMap(({ routes, source }) =>
  routes.map((route) => ({ path: patternRegExp(route), sources: [source] })),
);

/** Every web module the hints may name, to check against the build's manifest at start. */
export const HINTED_MODULES: readonly string[] = [APP_MODULE, SANITIZER_MODULE, ...new Set(ROUTE_MODULES.map((page) => page.source))];

/** As the web's hasCustomHtml (lib/boot-data.tsx): any tenant HTML means the app loads the sanitizer first. */
export function hasCustomHtml(tenant: Tenant): boolean {
  return tenantCustomHtml(tenant.config).length > 0;
}

/**
 * The search page shows the hero (and so its image, the largest element of the first screen) only while
 * nothing is searched (apps/web/src/app/routes/home-route.tsx).
 */
function showsSearchHero(path: string, search: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  const isHome = segments.length === 1 || (segments.length === 2 && segments[1]?.toLowerCase() === 'search');
  if (segments[0] !== 'careers' || !isHome) return false;
  const url = readSearchUrl(search);
  return url.query === '' && url.location === '';
}

/**
 * One preload per width class, as the web's Hero picks it (phone → tablet → desktop fallbacks): the
 * media queries make the browser fetch only the one it will show.
 */
function heroPreloads(image: HeroImage): string[] {
  const phone = image.phone ?? image.tablet ?? image.desktop;
  const tablet = image.tablet ?? image.desktop;
  const sources: [string, string][] = [
    [phone, `(max-width: ${BREAKPOINTS.tablet - 0.02}px)`],
    [tablet, `(min-width: ${BREAKPOINTS.tablet}px) and (max-width: ${BREAKPOINTS.desktop - 0.02}px)`],
    [image.desktop, `(min-width: ${BREAKPOINTS.desktop}px)`],
  ];
  return sources.map(
    ([href, media]) => `<link rel="preload" as="image" href="${escapeHtml(href)}" media="${media}" fetchpriority="high">`,
  );
}

export interface HintedPage {
  tenant: Tenant;
  path: string;
  /** The query string without "?". */
  search: string;
  /** The HTML carries the rendered first screen (shell.ssr.ts). */
  isServerRendered?: boolean;
}

/**
 * The <head> links for one page: already safe HTML. A server-rendered page is painted from the HTML and
 * its styles: its scripts are left to load after that paint (main.tsx), so on a slow phone network the
 * first screen's styles and image are not sharing the bandwidth with ~140 KB of code. A page the browser
 * must render itself gets its code announced up front instead.
 */
export function shellHints(page: HintedPage, chunks: WebChunks): string[] {
  const sources: string[] = [APP_MODULE];
  if (hasCustomHtml(page.tenant)) sources.push(SANITIZER_MODULE);
  for (const candidate of PAGE_MODULES) if (candidate.path.test(page.path)) sources.push(...candidate.sources);
  const files = chunks.filesFor(sources);
  const tags = [
    // Applied, not just fetched: the server-rendered screen needs its styles at first paint (else it
    // paints unstyled and shifts when they arrive). Vite's loader finds them in place and adds none.
    ...files.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...(page.isServerRendered ? [] : files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)),
  ];
  const hero = page.tenant.config.pcsxConfig.branding.heroImageConfig;
  const heroImage = hero.jobs ?? hero.default;
  if (heroImage && showsSearchHero(page.path, page.search)) tags.unshift(...heroPreloads(heroImage));
  return tags;
}
