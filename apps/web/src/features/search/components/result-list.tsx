import type { SearchOptionsMap, SearchPosition } from '@careers/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCard } from './result-card';

export interface ResultListProps {
  positions: readonly SearchPosition[];
  selectedPid: string | null;
  hrefFor: (position: SearchPosition) => string;
  searchOptionsMap: SearchOptionsMap;
  /** Present on desktop, where a result opens beside the list. */
  onSelect?: (position: SearchPosition) => void;
  isStale: boolean;
}

/** The page of results as a list of links; the one shown beside the list is aria-current. */
export function ResultList({ positions, selectedPid, hrefFor, searchOptionsMap, onSelect, isStale }: ResultListProps) {
  const { t } = useTranslation('search');
  const select = onSelect
    ? (position: SearchPosition) => (event: MouseEvent<HTMLAnchorElement>) => {
        // Modified clicks keep their meaning (new tab, new window).
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onSelect(position);
      }
    : undefined;
  return (
    <ol className={`result-list${isStale ? ' result-list--stale' : ''}`} aria-label={t('results.listLabel')} aria-busy={isStale || undefined}>
      {positions.map((position) => (
        <li key={position.id}>
          <ResultCard
            position={position}
            href={hrefFor(position)}
            isSelected={String(position.id) === selectedPid}
            searchOptionsMap={searchOptionsMap}
            onSelect={select?.(position)}
          />
        </li>
      ))}
    </ol>
  );
}

/** Cards standing in for the results while the first page loads. */
export function ResultListSkeleton({ count = 5 }: { count?: number }) {
  const { t } = useTranslation('search');
  return (
    <div className="result-list result-list--skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('results.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="result-card result-card--skeleton" aria-hidden="true">
          <span className="skeleton-line skeleton-line--title" />
          <span className="skeleton-line skeleton-line--meta" />
          <span className="skeleton-line skeleton-line--short" />
        </div>
      ))}
    </div>
  );
}
