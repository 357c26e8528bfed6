/**
 * Intl formatters, made once per locale and options. Constructing one costs far more than formatting with
 * it (loading locale data): a search page formats a count for every facet option, and building a
 * NumberFormat per call was a visible part of the app's start on a slow phone (P6).
 */

/** The catalogue's "en" is American English, the spec's MM/DD/YYYY. */
export const intlLocale = (locale: string): string => (locale === 'en' ? 'en-US' : locale);

const formatters = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object | undefined, create: (locale: string) => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = create(intlLocale(locale));
    formatters.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached('number', locale, options, (tag) => new Intl.NumberFormat(tag, options));

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached('date', locale, options, (tag) => new Intl.DateTimeFormat(tag, options));

export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat =>
  cached('relative', locale, options, (tag) => new Intl.RelativeTimeFormat(tag, options));

let browserZone: string | undefined;

/**
 * The browser's own IANA zone ("Europe/London"), read once per page: every call that writes sends it. The read
 * builds a DateTimeFormat; the page's first costs 14–39 ms of ICU set-up in Chromium (bench/RESULTS.md, session 13).
 */
export function browserTimeZone(): string {
  if (browserZone === undefined) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      browserZone = 'UTC';
    }
  }
  return browserZone;
}
