import { DISTANCE_FILTER, distanceFilterValue, parseDistance, type DistanceUnit } from '@careers/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/intl';
import type { Filters } from '../filter-model';

/** Radii offered around a typed place or the current location, in the candidate's unit (spec §4 distance filter). */
export const DISTANCE_CHOICES = [5, 10, 25, 50, 100] as const;

/** Regions that measure road distances in miles; everywhere else uses kilometres. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);

/**
 * The unit the distance filter offers: the tenant's (searchConfig.distanceUnit) when it sets one, else the
 * locale's region ("en" is American English: miles; "de", "es-419", "ja": kilometres). Issue 13.
 */
export function distanceUnitFor(locale: string, configured: DistanceUnit | undefined): DistanceUnit {
  if (configured) return configured;
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale === 'en' ? 'en-US' : locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region !== undefined && MILE_REGIONS.has(region) ? 'mile' : 'kilometer';
}

type Translate = ReturnType<typeof useTranslation<'search'>>['t'];

/**
 * A radius as the candidate reads it, in the unit its value carries ("25" miles, "40km"), through
 * Intl.NumberFormat's units: "Within 25 mi", "Im Umkreis von 40 km". A radius of 0 exists only at a place picked
 * on the map (spec §4); there it means that place alone, not "Within 0 mi" (issue 8 §6).
 */
export function distanceLabel(t: Translate, value: string, locale: string): string {
  const distance = parseDistance(value);
  if (distance === null) return value;
  if (distance.amount === 0) return t('filters.distance.atPlace');
  const formatted = numberFormat(locale, { style: 'unit', unit: distance.unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(distance.amount);
  return t('filters.distance.within', { distance: formatted });
}

export interface DistanceSelectProps {
  filters: Filters;
  /** The unit the choices are offered in (distanceUnitFor). */
  unit: DistanceUnit;
  onChange: (value: string | null) => void;
}

export function DistanceSelect({ filters, unit, onChange }: DistanceSelectProps) {
  const { t, i18n } = useTranslation('search');
  const id = useId();
  const value = filters[DISTANCE_FILTER]?.[0] ?? '';
  const choices = DISTANCE_CHOICES.map((amount) => distanceFilterValue({ amount, unit }));
  const isListed = value === '' || choices.includes(value);
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
        {!isListed ? <option value={value}>{distanceLabel(t, value, i18n.language)}</option> : null}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {distanceLabel(t, choice, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
