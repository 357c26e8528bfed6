import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntlWarmup } from './intl-warmup';

describe('startIntlWarmup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts a module worker and sends it the page's Intl locale", () => {
    const workers: { url: string; options: WorkerOptions | undefined; sent: unknown[] }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        sent: unknown[] = [];
        constructor(url: URL, options?: WorkerOptions) {
          workers.push({ url: String(url), options, sent: this.sent });
        }
        postMessage(message: unknown) {
          this.sent.push(message);
        }
      },
    );
    startIntlWarmup('en');
    startIntlWarmup('de');
    startIntlWarmup('__pseudo');
    expect(workers.map((worker) => worker.options)).toEqual([0, 1, 2].map(() => ({ type: 'module', name: 'intl-warmup' })));
    expect(workers[0]?.url).toMatch(/intl-warmup\.worker\.ts/);
    // The catalogue's "en" is American English (lib/intl.ts); a pseudo-locale formats as English.
    expect(workers.flatMap((worker) => worker.sent)).toEqual([{ locale: 'en-US' }, { locale: 'de' }, { locale: 'en-US' }]);
  });

  it('leaves the page alone where no worker can start', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => startIntlWarmup('fr')).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('blocked by the content security policy', 'SecurityError');
        }
      },
    );
    expect(() => startIntlWarmup('fr')).not.toThrow();
  });
});

describe('the Intl warm-up worker', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('makes each formatter the pages start with, in the locale asked, then ends', async () => {
    let listener: ((event: MessageEvent<{ locale: string }>) => void) | undefined;
    vi.spyOn(self, 'addEventListener').mockImplementation((type: string, handler: unknown) => {
      if (type === 'message') listener = handler as typeof listener;
    });
    const close = vi.spyOn(self, 'close').mockImplementation(() => undefined);
    const made: string[] = [];
    for (const service of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules', 'Collator', 'ListFormat'] as const) {
      const Original = Intl[service] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, service).mockImplementation(function (this: unknown, ...args: unknown[]) {
        made.push(`${service} ${String(args[0] ?? '(default)')}`);
        return new Original(...args);
      } as never);
    }
    await import('./intl-warmup.worker');
    listener?.(new MessageEvent('message', { data: { locale: 'de' } }));
    expect(made).toEqual([
      'NumberFormat de',
      'NumberFormat de',
      'DateTimeFormat de',
      'DateTimeFormat (default)',
      'RelativeTimeFormat de',
      'PluralRules de',
      'Collator de',
      'ListFormat de',
    ]);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('survives a locale Intl cannot use, and still ends', async () => {
    const { warmIntl } = await import('./intl-warmup.worker');
    expect(() => warmIntl('not a locale')).not.toThrow();
  });
});
