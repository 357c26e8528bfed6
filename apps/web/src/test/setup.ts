import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setCatalogueSource } from '@careers/i18n';
import { bundledCatalogues } from '@careers/i18n/bundled-catalogues';
import { loadSanitizer } from '../lib/sanitizer';

// A screen that waits on lazy code (a route, the response schemas) can take over a second on a loaded CI host: the
// find* queries wait up to 3 s (a test asserting that something never appears gives its own shorter timeout).
configure({ asyncUtilTimeout: 3000 });

// Tests read other locales' catalogues from the package, as the server's renderer does.
setCatalogueSource(bundledCatalogues);

beforeAll(async () => {
  // Tenant HTML renders synchronously in tests, as it does in the app once start() preloaded the sanitizer.
  await loadSanitizer();
  // The features' response schemas load with the first answer they check (lib/lazy-schema.ts): a network wait in
  // the browser, but in a test the first file to meet them paid their transform inside its findBy timeout.
  await Promise.all(Object.values(import.meta.glob('../features/*/api/schemas.ts')).map((load) => load()));
});

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  document.head.querySelector('meta[name="csrf-token"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'token-from-page';
  document.head.append(meta);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
