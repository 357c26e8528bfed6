import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import '../../../ui/empty-panel.css';

export interface EmptyResultsProps {
  hasFilters: boolean;
  hasLocation: boolean;
  hasQuery: boolean;
  onClearFilters: () => void;
  onSearchEverywhere: () => void;
  onClearQuery: () => void;
}

/** No job matched: say so plainly and offer the changes most likely to find some. */
export function EmptyResults({ hasFilters, hasLocation, hasQuery, onClearFilters, onSearchEverywhere, onClearQuery }: EmptyResultsProps) {
  const { t } = useTranslation('search');
  return (
    <div className="ui-empty-panel empty-results">
      <svg className="empty-results__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="21" cy="21" r="12" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M30 30l10 10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h2 className="empty-results__title">{t('empty.title')}</h2>
      <p className="empty-results__text">{t('empty.text')}</p>
      <ul className="empty-results__tips">
        {hasQuery ? <li>{t('empty.tipKeywords')}</li> : null}
        {hasFilters ? <li>{t('empty.tipFilters')}</li> : null}
        {hasLocation ? <li>{t('empty.tipLocation')}</li> : null}
      </ul>
      <div className="empty-results__actions">
        {hasFilters ? (
          <Button variant="secondary" onClick={onClearFilters}>
            {t('empty.clearFilters')}
          </Button>
        ) : null}
        {hasLocation ? (
          <Button variant="secondary" onClick={onSearchEverywhere}>
            {t('empty.anyLocation')}
          </Button>
        ) : null}
        {hasQuery && !hasFilters && !hasLocation ? (
          <Button variant="secondary" onClick={onClearQuery}>
            {t('empty.allJobs')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
