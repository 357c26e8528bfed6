import { configDefaults, defineConfig } from 'vitest/config';

/** What the server's two projects share: real databases, the demo HTML sanitized once per run. */
export const serverTestOptions = {
  root: import.meta.dirname,
  environment: 'node',
  // The demo tenants' sanitized HTML, made once per run (src/test/html-sanitizer.ts).
  globalSetup: ['src/test/global-setup.ts'],
  pool: 'forks',
  // Files share a worker's modules instead of importing the server afresh each (CI: 431 → 253 s). Suites get
  // their config, clock and database injected, so nothing a file sets reaches the next.
  isolate: false,
  testTimeout: 20000,
  hookTimeout: 60000,
} as const;

/** Suites that time the server (`*.timing.test.ts`) run apart: see vitest.timing.config.ts. */
export const TIMING_SUITES = 'src/**/*.timing.test.ts';

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, TIMING_SUITES],
    // Integration suites open real databases; two cores, so keep files in a small pool.
    maxWorkers: 2,
    // Its own worker limit means its own group: it runs after the lighter projects.
    sequence: { groupOrder: 1 },
  },
});
