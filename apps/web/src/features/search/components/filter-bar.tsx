import { DISTANCE_FILTER, type DistanceUnit } from '@careers/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { selectedCount, withValue, withoutKey, type FilterGroup, type Filters } from '../filter-model';
import type { AllFiltersPanelProps } from './all-filters-panel';
import { DistanceSelect } from './distance-select';
import { FilterDropdown } from './filter-dropdown';
import './filters.css';

const AllFiltersPanel = lazyNamed<AllFiltersPanelProps, 'AllFiltersPanel'>(() => import('./all-filters-panel'), 'AllFiltersPanel');

export interface FilterBarProps {
  groups: readonly FilterGroup[];
  smartKeys: readonly string[];
  filters: Filters;
  onChange: (filters: Record<string, string[]>) => void;
  onClearAll: () => void;
  /** A radius means something around a typed place or the current location only. */
  isDistanceShown: boolean;
  /** The unit the distance filter offers (distanceUnitFor). */
  distanceUnit: DistanceUnit;
  /** Jobs in the results on screen, for the panel's "Show N jobs" button. */
  resultCount: number | null;
}

/**
 * spec §4 "Search" filters: the smart filters inline as dropdown chips, then "All filters", which opens
 * every configured filter in a panel (a full-height sheet on phones).
 */
export function FilterBar({ groups, smartKeys, filters, onChange, onClearAll, isDistanceShown, distanceUnit, resultCount }: FilterBarProps) {
  const { t } = useTranslation('search');
  const [isPanelOpen, setPanelOpen] = useState(false);
  const smartGroups = smartKeys
    .map((key) => groups.find((group) => group.key === key))
    .filter((group): group is FilterGroup => group !== undefined);
  const count = selectedCount(filters);
  const toggle = (key: string) => (value: string, isOn: boolean) => onChange(withValue(filters, key, value, isOn));

  return (
    <div className="filter-bar" role="group" aria-label={t('filters.label')}>
      {smartGroups.map((group) => (
        <FilterDropdown key={group.key} group={group} selected={filters[group.key] ?? []} onToggle={toggle(group.key)} />
      ))}
      {isDistanceShown ? (
        <DistanceSelect
          filters={filters}
          unit={distanceUnit}
          onChange={(radius) => onChange(radius === null ? withoutKey(filters, DISTANCE_FILTER) : { ...withoutKey(filters, DISTANCE_FILTER), [DISTANCE_FILTER]: [radius] })}
        />
      ) : null}
      <button type="button" className="filter-chip filter-chip--all" aria-haspopup="dialog" onClick={() => setPanelOpen(true)}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t('filters.all')}</span>
        {count > 0 ? <span className="filter-chip__count tabular-nums">{count}</span> : null}
      </button>
      {isPanelOpen ? (
        <Suspense fallback={null}>
          <AllFiltersPanel
            groups={groups}
            filters={filters}
            onToggle={(key, value, isOn) => onChange(withValue(filters, key, value, isOn))}
            onClearAll={onClearAll}
            onClose={() => setPanelOpen(false)}
            resultCount={resultCount}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
