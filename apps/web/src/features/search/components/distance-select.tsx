import { DISTANCE_FILTER } from '@careers/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filters } from '../filter-model';

/** Radii offered around a typed place or the current location, in miles (spec §4 distance filter). */
export const DISTANCE_CHOICES = [5, 10, 25, 50, 100] as const;

type Translate = ReturnType<typeof useTranslation<'search'>>['t'];

/**
 * A radius as the candidate reads it. A radius of 0 exists only at a place picked on the map (spec §4);
 * there it means that place alone, not "Within 0 mi" (issue 8 §6).
 */
export function distanceLabel(t: Translate, miles: string | number): string {
  return Number(miles) === 0 ? t('filters.distance.atPlace') : t('filters.distance.within', { miles });
}

export interface DistanceSelectProps {
  filters: Filters;
  onChange: (miles: string | null) => void;
}

export function DistanceSelect({ filters, onChange }: DistanceSelectProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const value = filters[DISTANCE_FILTER]?.[0] ?? '';
  const isListed = value === '' || DISTANCE_CHOICES.some((miles) => String(miles) === value);
  return (
    <div className="filter-select">
      <label htmlFor={id} className="visually-hidden">
        {t('filters.distance.label')}
      </label>
      <select
        id={id}
        className="filter-chip filter-select__control"
        data-active={value !== '' || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t('filters.distance.any')}</option>
        {!isListed ? <option value={value}>{distanceLabel(t, value)}</option> : null}
        {DISTANCE_CHOICES.map((miles) => (
          <option key={miles} value={String(miles)}>
            {t('filters.distance.within', { miles })}
          </option>
        ))}
      </select>
    </div>
  );
}
