import { SORT_OPTIONS, type SortBy } from '@careers/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { SearchView } from '../hooks/use-search-controller';

export interface ResultsToolbarProps {
  start: number;
  shownCount: number;
  total: number | null;
  sortOption: SortBy | null;
  onSortChange: (sort: SortBy | null) => void;
  /** Present when mapConfig.enabled: the List/Map switch. */
  view?: SearchView;
  onViewChange?: (view: SearchView) => void;
  /** A control of the route's before the sort (issue 12: Save search). */
  action?: ReactNode;
}

/** "1–10 of 1,234 jobs", the sort order (Relevance / Newest) and the List/Map switch. */
export function ResultsToolbar({ start, shownCount, total, sortOption, onSortChange, view, onViewChange, action }: ResultsToolbarProps) {
  const { t, i18n } = useTranslation('search');
  const sortId = useId();
  const format = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="results-toolbar">
      <p className="results-toolbar__count tabular-nums">
        {total === null
          ? '\u00a0'
          : total === 0
            ? t('results.none')
            : t('results.range', { count: total, from: format(start + 1), to: format(start + shownCount), total: format(total) })}
      </p>
      <div className="results-toolbar__controls">
        {action}
        <div className="results-toolbar__sort">
          <label htmlFor={sortId}>{t('sort.label')}</label>
          <select
            id={sortId}
            className="results-toolbar__select"
            value={sortOption ?? 'relevance'}
            onChange={(event) => onSortChange(event.target.value === 'relevance' ? null : (event.target.value as SortBy))}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`sort.${option}`)}
              </option>
            ))}
          </select>
        </div>
        {view && onViewChange ? (
          <div className="view-toggle" role="group" aria-label={t('view.label')}>
            {(['list', 'map'] as const).map((option) => (
              <button
                key={option}
                type="button"
                className="view-toggle__button"
                aria-pressed={view === option}
                onClick={() => onViewChange(option)}
              >
                {option === 'list' ? <ListIcon /> : <MapIcon />}
                {t(`view.${option}`)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function ListIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
