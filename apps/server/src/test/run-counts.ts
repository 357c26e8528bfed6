/**
 * How many random cases a long property, model or soak suite runs. `npm test` (CI, 25-minute budget) runs a
 * sample that still exercises every path; `FULL_RUNS=1` runs QUALITY.md's counts (bench/full-runs.sh does,
 * and records the figures in bench/RESULTS.md). Long model runs and soaks belong in bench/, not in CI's time.
 */
export function runCount(full: number, ci: number): number {
  return process.env.FULL_RUNS === '1' ? full : Math.min(full, ci);
}

export const isFullRun = (): boolean => process.env.FULL_RUNS === '1';
