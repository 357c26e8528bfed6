/**
 * A background job of the server process (issue 10: the offer expiry sweep, the webhook dispatcher): runs
 * once at start, then every `intervalMs`, never two runs at once, on an unref'd timer (it never keeps a
 * process alive), and `stop()` waits for a run in progress so a closing server leaves no query behind.
 * A failing run is reported and the next one still happens.
 */
export interface PeriodicTask {
  stop(): Promise<void>;
}

export function startPeriodicTask(run: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): PeriodicTask {
  let stopped = false;
  let current: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const tick = (): void => {
    if (stopped || current) return;
    current = run()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        current = null;
        schedule();
      });
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };

  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
