import { DISTANCE_FILTER } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import type { AppliedFilter } from '../filter-model';
import { distanceLabel } from './distance-select';
import { Bdi, translateWithBdi } from '../../../ui/bdi';

export interface AppliedFiltersProps {
  applied: readonly AppliedFilter[];
  onRemove: (filter: AppliedFilter) => void;
  onClearAll: () => void;
}

/** The selected filter values as removable chips, and Clear all (spec §4: clearing reloads at once). */
export function AppliedFilters({ applied, onRemove, onClearAll }: AppliedFiltersProps) {
  const { t, i18n } = useTranslation('search');
  if (applied.length === 0) return null;
  return (
    <div className="applied-filters-row">
      <ul className="applied-filters" aria-label={t('filters.applied')}>
        {applied.map((filter) => {
          const label = filter.key === DISTANCE_FILTER ? distanceLabel(t, filter.value, i18n.language) : filter.label;
          return (
            <li key={`${filter.key}\n${filter.value}`}>
              <button type="button" className="applied-filters__chip" onClick={() => onRemove(filter)}>
                {/* The button's name is the whole sentence, the tenant's filter name and value isolated in it
                    (an aria-label could only isolate them with U+2068/U+2069, which become part of the name). */}
                <span className="visually-hidden">{translateWithBdi(t, 'filters.remove', { name: filter.displayName, value: label })}</span>
                {filter.key === DISTANCE_FILTER ? null : (
                  <span className="applied-filters__name" aria-hidden="true">
                    <Bdi>{filter.displayName}</Bdi>:
                  </span>
                )}
                <span aria-hidden="true">
                  <Bdi>{label}</Bdi>
                </span>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          );
        })}
        <li>
          <Button variant="tertiary" size="sm" onClick={onClearAll}>
            {t('filters.clearAll')}
          </Button>
        </li>
      </ul>
    </div>
  );
}
