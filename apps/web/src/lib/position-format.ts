/**
 * How a position's facts read on a card and on its page (shared by the search list, the job page, saved
 * jobs and the cart). Numbers and dates through Intl in the reader's locale (DESIGN.md Conventions).
 */
import type { Salary } from '@careers/contracts';
import { numberFormat, relativeTimeFormat } from './intl';

/** "$120,000 – $150,000" (or "£45 – £60" an hour): the range alone; the caller adds the period. */
export function formatSalaryRange(salary: Salary, locale: string): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency: salary.currency,
    maximumFractionDigits: salary.period === 'hour' ? 2 : 0,
    minimumFractionDigits: 0,
  });
  if (salary.min === salary.max) return format.format(salary.min);
  return format.formatRange(salary.min, salary.max);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "3 days ago", "2 weeks ago", "3 months ago". */
export function formatAgo(iso: string, locale: string, now: Date = new Date()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const days = Math.max(0, Math.floor((now.getTime() - time) / DAY_MS));
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  if (days < 14) return format.format(-days, 'day');
  if (days < 60) return format.format(-Math.floor(days / 7), 'week');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}
