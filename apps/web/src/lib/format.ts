/** Dates and numbers through Intl (spec §9: "Dates MM/DD/YYYY"; "Number shortening: k, M, B"). */
import { dateTimeFormat, numberFormat } from './intl';

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A calendar date: 03/07/2025 in English, the locale's own order elsewhere. The day is the UTC day (as
 * offer dates are, contracts' formatOfferDate): a posting or closing date is a day, not an instant, and
 * the server's markup and the visitor's browser then print the same one. An instant the candidate lived (an
 * application sent, an interview) is a day in their own zone: pass it (issue 11, useTimeZone).
 */
export function formatDate(value: Date | string | number, locale = 'en-US', timeZone = 'UTC'): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(locale, { month: '2-digit', day: '2-digit', year: 'numeric', timeZone }).format(date);
}

/** A moment, in `timeZone` when given (issue 11: the candidate's chosen zone), else the browser's. */
export function formatDateTime(value: Date | string | number, locale = 'en-US', timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateTimeFormat(locale, { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(date);
}

export function formatNumber(value: number, locale = 'en-US'): string {
  return numberFormat(locale).format(value);
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
