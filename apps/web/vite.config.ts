/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // dist/.vite/manifest.json: the server reads it to hint a page's lazy chunks in its HTML (shell.hints.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // The libraries every page needs, in one long-cached chunk; lazy-only libraries (zod, DOMPurify)
        // stay in the lazy chunks that use them.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
            },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
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
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
