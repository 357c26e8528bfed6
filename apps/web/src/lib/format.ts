/** Dates and numbers through Intl (spec §9: "Dates MM/DD/YYYY"; "Number shortening: k, M, B"). */

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date: 03/07/2025 in English, the locale's own order elsewhere. */
export function formatDate(value: Date | string | number, locale = 'en-US'): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }).format(date);
}

export function formatDateTime(value: Date | string | number, locale = 'en-US'): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

export function formatNumber(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale).format(value);
}

/** 950 → "950", 1500 → "1.5k", 2_000_000 → "2M", 3_250_000_000 → "3.3B". */
export function formatCompactNumber(value: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const shortened = (Math.round((abs / size) * 10) / 10).toString();
      return `${sign}${shortened}${suffix}`;
    }
  }
  return `${sign}${abs}`;
}
