/**
 * Makes one of each Intl formatter the page uses at start, on a worker thread, then ends.
 *
 * V8 builds the list of locales an Intl service supports the first time one is made, and ICU loads its data
 * then: the page's first NumberFormat cost 21–36 ms on our 2-core hosts (150 ms at Lighthouse's 4× CPU), its
 * first DateTimeFormat as much again, inside the render that hydrates a job page (bench/RESULTS.md, session
 * 15). Both caches are the renderer process's, not the thread's: once a worker has made them, the main
 * thread's first formatter costs under 2 ms. Receives the page's Intl locale tag ("en-US", "de", "ar").
 */
export interface IntlWarmupRequest {
  locale: string;
}

/** The services the pages use while they start (lib/intl.ts, i18next's plurals, sorting, the distance unit). */
export function warmIntl(locale: string): void {
  const warmers: (() => unknown)[] = [
    () => new Intl.NumberFormat(locale).format(1234.5),
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).formatRange(1, 2),
    () => new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(0),
    () => new Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'),
    () => new Intl.PluralRules(locale).select(1),
    () => new Intl.Collator(locale).compare('a', 'b'),
    () => new Intl.ListFormat(locale, { type: 'conjunction' }).format(['a', 'b']),
    () => new Intl.Locale(locale).maximize(),
  ];
  for (const warm of warmers) {
    try {
      warm();
    } catch {
      // A locale or an option this runtime lacks: the page meets the same error itself and handles it there.
    }
  }
}

self.addEventListener('message', (event: MessageEvent<IntlWarmupRequest>) => {
  warmIntl(event.data.locale);
  self.close();
});
