import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The demo tenants' sanitized HTML, made once per run (src/test/html-sanitizer.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Integration suites open real databases; two cores, so keep files in a small pool.
    pool: 'forks',
    maxWorkers: 2,
    // Its own worker limit means its own group: it runs after the lighter projects.
    sequence: { groupOrder: 1 },
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
