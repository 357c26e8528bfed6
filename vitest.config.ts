import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property suites of thousands of runs (~2–3 s on a quiet host) must not fail on a busy one.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'html-sanitizer',
          root: './packages/html-sanitizer',
          include: ['src/**/*.test.ts'],
          // jsdom: the DOM the server sanitizes in; the browser brings its own.
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'tools',
          root: './tools',
          // The lint rules' own tests (boundaries.js: every zone reports).
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/server/vitest.timing.config.ts',
      './apps/web/vite.config.ts',
      './apps/web/vitest.fresh-modules.config.ts',
    ],
  },
});
