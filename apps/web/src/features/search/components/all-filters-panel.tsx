import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { selectedCount, type FilterGroup, type Filters } from '../filter-model';
import { FilterOptions } from './filter-options';

export interface AllFiltersPanelProps {
  groups: readonly FilterGroup[];
  filters: Filters;
  onToggle: (key: string, value: string, isOn: boolean) => void;
  onClearAll: () => void;
  onClose: () => void;
  resultCount: number | null;
}

/** Every configured filter with its option counts (spec §3 searchConfig.allFilters); changes apply as made. */
export function AllFiltersPanel({ groups, filters, onToggle, onClearAll, onClose, resultCount }: AllFiltersPanelProps) {
  const { t, i18n } = useTranslation('search');
  return (
    <Modal isOpen onClose={onClose} title={t('filters.panelTitle')} size="md" placement="side">
      <div className="all-filters">
        {groups.map((group) => (
          <div key={group.key} className="all-filters__group">
            <FilterOptions group={group} selected={filters[group.key] ?? []} onToggle={(value, isOn) => onToggle(group.key, value, isOn)} />
          </div>
        ))}
      </div>
      <div className="all-filters__footer">
        <Button variant="tertiary" onClick={onClearAll} disabled={selectedCount(filters) === 0}>
          {t('filters.clearAll')}
        </Button>
        <Button onClick={onClose}>
          {resultCount === null ? t('filters.showResults') : t('filters.showJobs', { count: resultCount, formatted: formatNumber(resultCount, i18n.language) })}
        </Button>
      </div>
    </Modal>
  );
}
