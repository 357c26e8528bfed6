import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { catalogueFilesPlugin } from './scripts/catalogue-files.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Suites of how modules load: they run apart, with fresh modules per file (vitest.fresh-modules.config.ts). */
export const FRESH_MODULE_SUITES = [
  'src/lib/screen-catalogue.test.tsx',
  'src/lib/i18n.test.ts',
  'src/app/start.test.tsx',
  // These replace a module (a counted field) or load one afresh (the definition worker's script).
  'src/forms/form-methods.test.tsx',
  'src/forms/definition/definition-check.worker.test.ts',
  'src/lib/intl-warmup.test.ts',
];

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), catalogueFilesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    reportCompressedSize: !isSsrBuild,
    modulePreload: {
      // main.tsx imports the app (app/start.tsx) right after the first paint. Vite would add a
      // <link rel=modulepreload> to <head> for each of its ~25 chunks at that moment, one DOM insertion
      // each, on the main thread at the busiest time of the page's start (TBT, P6); the browser finds
      // the same chunks by itself in start's imports and fetches them in parallel. Lazy screens keep
      // their preloads (their chunks load while the candidate waits for them).
      resolveDependencies: (filename, deps) => (/(^|\/)start-[^/]+\.js$/.test(filename) ? [] : deps),
    },
    // dist/.vite/manifest.json: the server reads it to hint a page's lazy chunks in its HTML (shell.hints.ts).
    // The SSR build (dist-ssr/, the server's renderer) needs neither a manifest nor the public files.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      // The SSR build (`vite build --ssr`): the server's renderer, by a fixed name.
      ...(isSsrBuild ? { input: { 'entry-server': 'src/app/entry-server.tsx' } } : {}),
      output: {
        ...(isSsrBuild ? { entryFileNames: '[name].js' } : {}),
        // The libraries every page needs, in one long-cached chunk; lazy-only libraries (zod, DOMPurify)
        // stay in the lazy chunks that use them.
        advancedChunks: {
          groups: [
            // React apart from the rest: main.tsx evaluates it in a task of its own before the app (P6).
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The phone numbers' metadata apart from the form engine: each lazy chunk stays within P5's 50 KB gzip.
            { name: 'phone-numbers', test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]/ },
            // The English catalogues, the locale list, the design system and the app's own helpers every screen uses,
            // grouped rather than split into a dozen small chunks that compress apart (first route 156.3 → 152.2 KB, P5).
            // The dialog and tab parts only lazy screens use stay with them (first route 149.9 → 148.9 KB).
            { name: 'kit', test: /[\\/]apps[\\/]web[\\/]src[\\/](ui|lib)[\\/](?!sanitize\.|boot-validation|modal\.|tabs\.)/ },
            { name: 'i18n-en', test: /[\\/]packages[\\/]i18n[\\/](src[\\/]|locales[\\/]en[\\/](common|auth|search|positions|jobcart|notifications)\.json)/ },
          ],
        },
      },
      treeshake: {
        // Contracts are pure declarations and zod builders have no side effects: a schema the first route
        // does not use (boot data is checked in a lazy chunk) stays out of its bundle, and zod with it.
        manualPureFunctions: ['z'],
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
  // The boot data check runs in a module worker (lib/boot-check.ts): ES output lets it share chunks.
  worker: { format: 'es' },
  server: {
    // `vite dev` talks to the API of a locally running server (npm run dev).
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...FRESH_MODULE_SUITES],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Files share a worker's modules instead of importing React and the app afresh each (CI: 173 → 69 s); a
    // module that keeps state between renders must keep it per instance (lib/i18n.ts's resources copy).
    isolate: false,
    // Screen tests render whole routes in jsdom (1–3 s on a quiet host); a busy CI host must not fail them.
    testTimeout: 20000,
  },
}));
