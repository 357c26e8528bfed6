import { describe, expect, it } from 'vitest';
import { startPeriodicTask } from './periodic-task';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startPeriodicTask', () => {
  it('runs at start and on every interval, never two runs at once, and reports failures without stopping', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const errors: unknown[] = [];
    const task = startPeriodicTask(
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await tick(15);
        running -= 1;
        if (runs === 2) throw new Error('second run fails');
      },
      5,
      (error) => errors.push(error),
    );
    expect(runs).toBe(1); // at start, synchronously
    await tick(120);
    await task.stop();
    const stoppedAt = runs;
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    expect(errors).toHaveLength(1);
    await tick(40);
    expect(runs).toBe(stoppedAt);
  });

  it('stop() waits for the run in progress', async () => {
    let finished = false;
    const task = startPeriodicTask(
      async () => {
        await tick(30);
        finished = true;
      },
      1_000,
      () => undefined,
    );
    await task.stop();
    expect(finished).toBe(true);
  });
});
