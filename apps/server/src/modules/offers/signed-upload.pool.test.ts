import { afterAll, describe, expect, it } from 'vitest';
import { pdfBomb } from './pdf-bomb.test-support';
import { createSignedUploadChecker, MAX_CHECKS_PER_CANDIDATE } from './signed-upload.check';
import { handmadePdf, VALID_NAME } from './signed-upload.corpus';
import { createUploadCheckPool, type UploadCheckPool } from './signed-upload.pool';
import { UploadMessages, type UploadInspection } from './signed-upload.rules';

/** Issue 8 §1: checks run in worker threads with memory and time limits, one per candidate at a time. */

const pools: UploadCheckPool[] = [];
const pool = (options: Parameters<typeof createUploadCheckPool>[0] = {}): UploadCheckPool => {
  const created = createUploadCheckPool(options);
  pools.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

/** The longest the event loop stalled while `work` ran, sampled every 5 ms. */
async function worstStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, stallMs: worst };
  } finally {
    clearInterval(timer);
  }
}

describe('createUploadCheckPool', () => {
  const shared = pool({ threads: 2 });
  // Retried like T05's timing test: a 2-core machine shared with other work can stretch one run past a second.
  it('judges a good file and refuses 4 parallel bombs, each in under a second once warm, without stalling the event loop', { retry: 2, timeout: 60_000 }, async () => {
    expect(await shared.inspect([{ bytes: handmadePdf(), filename: VALID_NAME }])).toMatchObject({ ok: true, pageCount: 1 });
    await shared.inspect([{ bytes: handmadePdf(), filename: VALID_NAME }]); // both threads warm
    const bomb = pdfBomb(1024);
    const { result, stallMs } = await worstStall(() =>
      Promise.all(
        Array.from({ length: 4 }, async () => {
          const started = performance.now();
          const inspection = await shared.inspect([{ bytes: bomb, filename: VALID_NAME }]);
          return { inspection, ms: performance.now() - started };
        }),
      ),
    );
    for (const { inspection, ms } of result) {
      expect(inspection).toEqual({ ok: false, code: 'inflates_too_much', message: UploadMessages.inflatesTooMuch });
      expect(ms).toBeLessThan(1000);
    }
    expect(stallMs).toBeLessThan(100);
  });

  it('ends a check past its time limit and refuses the file, then checks the next one on a fresh thread', async () => {
    const slow = pool({ threads: 1, timeLimitMs: 1 });
    // Large enough that no host checks it within the limit (a tiny file on a warm thread sometimes came back in 1 ms).
    const busy = handmadePdf({ catalogExtra: `/Busy [${'0 '.repeat(200_000)}]` });
    expect(await slow.inspect([{ bytes: busy, filename: VALID_NAME }])).toEqual({ ok: false, code: 'too_complex', message: UploadMessages.tooComplex });
    const patient = pool({ threads: 1, timeLimitMs: 20_000 });
    expect(await patient.inspect([{ bytes: handmadePdf(), filename: VALID_NAME }])).toMatchObject({ ok: true });
  }, 60_000);

  it('refuses a file whose check runs out of the thread memory limit', async () => {
    const tight = pool({ threads: 1, timeLimitMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 } });
    // Four million numbers in one array: pdf-lib makes an object of each (hundreds of MB), in a 7.6 MB file.
    const heavy = handmadePdf({ catalogExtra: `/Heavy [${'0 '.repeat(4_000_000)}]` });
    expect(heavy.length).toBeLessThan(10 * 1024 * 1024);
    expect(await tight.inspect([{ bytes: heavy, filename: VALID_NAME }])).toMatchObject({ ok: false, code: 'too_complex' });
    // The pool goes on with a new thread.
    expect(await tight.inspect([{ bytes: handmadePdf(), filename: VALID_NAME }])).toMatchObject({ ok: true });
  }, 60_000);
});

describe('createSignedUploadChecker: one check per candidate at a time', () => {
  it('checks a candidate\'s uploads in turn, others\' beside them, and refuses past the cap', async () => {
    const releases: ((inspection: UploadInspection) => void)[] = [];
    const release = (inspection: UploadInspection) => releases.shift()?.(inspection);
    const calls: string[] = [];
    const checker = createSignedUploadChecker({
      inspect: (files) => {
        calls.push(files[0]?.filename ?? '');
        return new Promise((resolve) => {
          releases.push(resolve);
        });
      },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const ada = { tenantId: 't1', candidateId: 'ada' };
    const file = (filename: string) => [{ bytes: new Uint8Array(), filename }];
    const first = checker.check(ada, file('first.pdf'));
    const second = checker.check(ada, file('second.pdf'));
    const grace = checker.check({ tenantId: 't1', candidateId: 'grace' }, file('grace.pdf'));
    await settle();
    // Ada's second upload waits for her first; Grace's is not held up behind Ada's.
    expect(calls).toEqual(['first.pdf', 'grace.pdf']);
    // Up to the cap of held uploads, then refused at once.
    const waiting = Array.from({ length: MAX_CHECKS_PER_CANDIDATE - 2 }, (_, index) => checker.check(ada, file(`wait-${index}.pdf`)));
    expect(await checker.check(ada, file('one-too-many.pdf'))).toEqual({ ok: false, code: 'check_in_progress', message: UploadMessages.checkInProgress });
    const empty: UploadInspection = { ok: false, code: 'empty', message: UploadMessages.empty };
    release(empty);
    expect(await first).toEqual(empty);
    await settle();
    expect(calls).toEqual(['first.pdf', 'grace.pdf', 'second.pdf']);
    release(empty);
    await grace;
    for (let index = 0; index < MAX_CHECKS_PER_CANDIDATE - 1; index += 1) {
      await settle();
      release(empty);
    }
    expect(await second).toEqual(empty);
    expect(await Promise.all(waiting)).toEqual(waiting.map(() => empty));
    expect(calls).not.toContain('one-too-many.pdf');
    // Once her checks ended, the candidate may upload again at once.
    const again = checker.check(ada, file('again.pdf'));
    await settle();
    expect(calls.at(-1)).toBe('again.pdf');
    release(empty);
    expect(await again).toEqual(empty);
    // Also after a check that failed.
    const failing = createSignedUploadChecker({ inspect: () => Promise.reject(new Error('boom')) });
    await expect(failing.check(ada, [])).rejects.toThrow('boom');
    await expect(failing.check(ada, [])).rejects.toThrow('boom');
  });
});
