import type { BootData } from '@careers/contracts';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { hasCustomHtml, readBootData, type BootDataResult } from '../lib/boot-data';
import { changeLocale, createI18n } from '../lib/i18n';
import { createQueryClient, seedPreloadedQueries } from '../lib/query-client';
import { loadSanitizer } from '../lib/sanitizer';
import { AppProviders } from './providers';
import { preloadScreens } from './route-preload';
import { AppRoutes } from './router';
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

/**
 * Reads boot data once, seeds the query cache with the answers the server inlined, renders the app, then
 * checks the boot data against BootDataSchema in a lazily loaded chunk once the first screen is painted
 * (zod is not in the first bundle); missing or invalid boot data shows the 500 screen.
 */
export async function startApp(container: HTMLElement, options: StartOptions = {}): Promise<Root> {
  const root = createRoot(container);
  const i18n = createI18n();
  const language = document.documentElement.lang;
  if (language && !language.startsWith('__')) await changeLocale(i18n, language).catch(() => undefined);

  let boot: BootDataResult = readBootData(document);
  if (!boot.ok && options.fallbackBootData) boot = { ok: true, data: await options.fallbackBootData() };
  if (!boot.ok) {
    renderFatal(root, i18n, boot.error);
    return root;
  }
  const bootData = boot.data;
  // The server's markup of the first screen stays up until the first render replaces it: that render
  // must draw the screen itself, not its loading fallback, so the screen's code comes first. A failed
  // load is left to the route's own lazy load, which shows the chunk error screen.
  await Promise.all([
    hasCustomHtml(bootData) ? loadSanitizer() : undefined,
    preloadScreens(window.location.pathname).catch(() => undefined),
  ]);

  applyBranding(bootData);
  const queryClient = createQueryClient();
  seedPreloadedQueries(queryClient, bootData.preloadedQueries);
  root.render(
    <StrictMode>
      <AppProviders bootData={bootData} i18n={i18n} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );

  // zod (~24 KB gzip) and the check itself wait until the first screen is up: fetched earlier, they
  // compete with what that screen needs on a slow network (P6).
  await afterFirstPaint();
  const { validateBootData } = await import('../lib/boot-validation');
  const checked = validateBootData(bootData);
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
