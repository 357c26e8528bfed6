import { defineConfig } from 'vitest/config';
import { serverTestOptions, TIMING_SUITES } from './vitest.config.ts';

/**
 * The suites that compare latencies (T05: an unknown email answers as fast as a wrong password). They run last
 * and alone, one file at a time: on a 2-core machine a neighbouring suite's load moved a median by ±13 ms.
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-timing',
    include: [TIMING_SUITES],
    maxWorkers: 1,
    sequence: { groupOrder: 2 },
  },
});
