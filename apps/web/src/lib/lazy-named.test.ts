import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy-named';

describe('loadChunk (spec §8 chunk load failure, §9 timeout)', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it loads', async () => {
    await expect(loadChunk('offers', () => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });

  it('names the chunk, the type and the requested address when loading fails', async () => {
    const failure = loadChunk('settings', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/settings-x1.js')),
    );
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({
      message: 'Loading chunk settings failed.\n(error: http://127.0.0.1:3000/assets/settings-x1.js)',
      type: 'error',
      request: 'http://127.0.0.1:3000/assets/settings-x1.js',
    });
  });

  it('fails with type timeout after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('map', () => new Promise(() => undefined));
    const assertion = expect(pending).rejects.toMatchObject({ type: 'timeout', message: 'Loading chunk map failed.\n(timeout: unknown)' });
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});
