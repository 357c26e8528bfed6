import { SERVER_MARKUP_ATTRIBUTE, SERVER_MARKUP_WAITING_ATTRIBUTES, type BootData } from '@careers/contracts';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { checkBootData } from '../lib/boot-check';
import { hasCustomHtml, readBootData, type BootDataResult } from '../lib/boot-data';
import { setCatalogueSource } from '@careers/i18n';
import { catalogueFiles } from '../lib/catalogue-files';
import { changeLocale, createI18n } from '../lib/i18n';
import { createQueryClient, seedPreloadedQueries } from '../lib/query-client';
import { breakpointFor, isBreakpoint, ServerWidthContext, TYPICAL_WIDTH } from '../lib/breakpoints';
import { loadSanitizer } from '../lib/sanitizer';
import { AppProviders } from './providers';
import { preloadScreens } from './route-preload';
import { AppRoutes } from './router';
import { ServerMarkupRelease } from './server-markup';
import { ErrorScreen } from './shell/error-screen';

export interface StartOptions {
  /** Boot data to use when the page has none (`vite dev` only). */
  fallbackBootData?: () => Promise<BootData>;
}

/** The tenant's brand colour replaces the default primary; hover and soft shades derive from it in CSS. */
function applyBranding(bootData: BootData): void {
  const color = bootData.tenant.config.pcsxConfig.branding.primaryColor;
  if (color) document.documentElement.style.setProperty('--color-primary', color);
}

function renderFatal(root: Root, i18n: ReturnType<typeof createI18n>, error: Error): void {
  console.error('Cannot start the app', error);
  document.title = i18n.t('errors.screen.title');
  root.render(
    <I18nextProvider i18n={i18n}>
      <main id="main-content">
        <ErrorScreen error={error} showDetails={false} />
      </main>
    </I18nextProvider>,
  );
}

/** The server's rendering of the first screen (contracts' wrapServerMarkup), if any. */
function serverMarkupIn(container: HTMLElement): HTMLElement | null {
  const first = container.firstElementChild;
  return first instanceof HTMLElement && first.hasAttribute(SERVER_MARKUP_ATTRIBUTE) ? first : null;
}

/** The server's markup is the app's now: operable, and no longer marked as waiting. */
function release(markup: HTMLElement): void {
  for (const attribute of SERVER_MARKUP_WAITING_ATTRIBUTES) markup.removeAttribute(attribute);
}

/**
 * Once the root has committed, the page's frame releases the markup when its own boundary is hydrated
 * (server-markup.tsx); a screen without that frame is released a moment later all the same.
 */
const UNFRAMED_RELEASE_MS = 1500;

function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(onCommitted, UNFRAMED_RELEASE_MS);
    return () => clearTimeout(timer);
  }, [onCommitted]);
  return children;
}

function once(work: () => void): () => void {
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    work();
  };
}

/** Runs `work` as a transition (its renders are time-sliced) and returns what it returned. */
function inTransition<T>(work: () => T): T {
  let result: { value: T } | undefined;
  startTransition(() => {
    result = { value: work() };
  });
  if (!result) throw new Error('startTransition did not run its callback');
  return result.value;
}

function reportHydrationFallback(error: unknown): void {
  // React redrew (part of) the page instead of keeping the server's markup: still correct, only slower.
  console.error('The app could not hydrate the server-rendered markup', error);
}

/**
 * Reads boot data once, seeds the query cache with the answers the server inlined, renders the app, then
 * checks the boot data against BootDataSchema in a lazily loaded chunk once the first screen is painted
 * (zod is not in the first bundle); missing or invalid boot data shows the 500 screen.
 *
 * A server-rendered first screen is hydrated, not replaced: React keeps the server's DOM (no second
 * layout of the page) and draws, while it hydrates, for the width class the server drew for. Either way
 * the first render runs as a transition, so React renders in slices of a few milliseconds and yields to
 * the browser between them instead of blocking it for one long task (TBT, P6).
 */
export async function startApp(container: HTMLElement, options: StartOptions = {}): Promise<Root> {
  setCatalogueSource(catalogueFiles);
  const i18n = createI18n();
  const language = document.documentElement.lang;
  if (language && !language.startsWith('__')) await changeLocale(i18n, language).catch(() => undefined);

  let boot: BootDataResult = readBootData(document);
  if (!boot.ok && options.fallbackBootData) boot = { ok: true, data: await options.fallbackBootData() };
  if (!boot.ok) {
    const root = createRoot(container);
    renderFatal(root, i18n, boot.error);
    return root;
  }
  const bootData = boot.data;
  const markup = serverMarkupIn(container);
  const drawnFor = markup?.dataset.viewport;
  // The width class the first render draws: the server's while hydrating its markup, else the window's.
  const breakpoint = isBreakpoint(drawnFor) ? drawnFor : breakpointFor(window.innerWidth);
  // The server's markup of the first screen stays up until the app takes it over: the hydrating render
  // must draw the screen itself, not its loading fallback, so the screen's code comes first. A failed
  // load is left to the route's own lazy load, which shows the chunk error screen.
  await Promise.all([
    hasCustomHtml(bootData) ? loadSanitizer() : undefined,
    preloadScreens(window.location.pathname, breakpoint).catch(() => undefined),
  ]);

  applyBranding(bootData);
  const queryClient = createQueryClient();
  seedPreloadedQueries(queryClient, bootData.preloadedQueries);
  const app = (
    <StrictMode>
      <AppProviders bootData={bootData} i18n={i18n} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );

  let root: Root;
  if (markup) {
    const releaseMarkup = once(() => release(markup));
    const hydrating = (
      <ServerWidthContext value={isBreakpoint(drawnFor) ? TYPICAL_WIDTH[drawnFor] : window.innerWidth}>
        <ServerMarkupRelease value={releaseMarkup}>
          <Committed onCommitted={releaseMarkup}>{app}</Committed>
        </ServerMarkupRelease>
      </ServerWidthContext>
    );
    root = inTransition(() => hydrateRoot(markup, hydrating, { onRecoverableError: reportHydrationFallback }));
  } else {
    root = createRoot(container);
    inTransition(() => root.render(app));
  }

  // The contract check (zod, ~24 KB gzip) waits until the first screen is up, and runs on a worker
  // thread: fetched or run earlier, it competes with what that screen needs on a slow phone (P6).
  await afterFirstPaint();
  const checked = await checkBootData(bootData);
  if (!checked.ok) renderFatal(root, i18n, checked.error);
  return root;
}

/** Resolves once the browser has had a chance to paint what was just rendered. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
