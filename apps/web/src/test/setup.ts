import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setCatalogueSource } from '@careers/i18n';
import { bundledCatalogues } from '@careers/i18n/bundled-catalogues';
import { loadSanitizer } from '../lib/sanitizer';

// Tests read other locales' catalogues from the package, as the server's renderer does.
setCatalogueSource(bundledCatalogues);

beforeAll(async () => {
  // Tenant HTML renders synchronously in tests, as it does in the app once start() preloaded the sanitizer.
  await loadSanitizer();
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
