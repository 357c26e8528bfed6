import { SEARCH_PAGE_SIZE } from '@careers/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';

export interface PaginationProps {
  start: number;
  count: number;
  hrefFor: (start: number) => string;
  onChange: (start: number) => void;
  pageSize?: number;
}

/** Page numbers around the current page, with the first and last always shown and gaps as "…". */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((page) => page >= 1 && page <= last));
  if (current <= 3) [2, 3, 4].forEach((page) => page <= last && pages.add(page));
  if (current >= last - 2) [last - 3, last - 2, last - 1].forEach((page) => page >= 1 && pages.add(page));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push('gap');
    result.push(page);
  });
  return result;
}

/** spec §9: page size 10, start offset. Links (they work with a middle click) that change the search in place. */
export function Pagination({ start, count, hrefFor, onChange, pageSize = SEARCH_PAGE_SIZE }: PaginationProps) {
  const { t, i18n } = useTranslation('search');
  const last = Math.max(1, Math.ceil(count / pageSize));
  if (last <= 1) return null;
  const current = Math.min(last, Math.floor(start / pageSize) + 1);
  const startOf = (page: number) => (page - 1) * pageSize;
  const go = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChange(startOf(page));
  };

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {current > 1 ? (
        <Link className="pagination__step" to={hrefFor(startOf(current - 1))} onClick={go(current - 1)} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          {t('pagination.previous')}
        </span>
      )}
      <ul className="pagination__pages">
        {pageWindow(current, last).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                className="pagination__page tabular-nums"
                to={hrefFor(startOf(page))}
                onClick={go(page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: formatNumber(page, i18n.language) })}
              >
                {formatNumber(page, i18n.language)}
              </Link>
            </li>
          ),
        )}
      </ul>
      {current < last ? (
        <Link className="pagination__step" to={hrefFor(startOf(current + 1))} onClick={go(current + 1)} rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          {t('pagination.next')}
        </span>
      )}
    </nav>
  );
}
