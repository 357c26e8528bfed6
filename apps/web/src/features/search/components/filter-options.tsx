import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { FilterGroup } from '../filter-model';
import { Bdi } from '../../../ui/bdi';

const COLLAPSED_CHOICES = 8;

export interface FilterOptionsProps {
  group: FilterGroup;
  selected: readonly string[];
  onToggle: (value: string, isOn: boolean) => void;
  /** The dropdown shows its own name on the button; the panel shows it as the legend. */
  isLegendHidden?: boolean;
}

/** A filter's options as checkboxes with their job counts; long lists start collapsed. */
export function FilterOptions({ group, selected, onToggle, isLegendHidden = false }: FilterOptionsProps) {
  const { t, i18n } = useTranslation('search');
  const [isExpanded, setExpanded] = useState(false);
  const listId = useId();
  const visible = isExpanded ? group.choices : group.choices.slice(0, COLLAPSED_CHOICES);

  return (
    <fieldset className="filter-options">
      <legend className={isLegendHidden ? 'visually-hidden' : 'filter-options__legend'}>
        <Bdi>{group.displayName}</Bdi>
      </legend>
      {group.choices.length === 0 ? (
        <p className="filter-options__empty">{t('filters.noOptions')}</p>
      ) : (
        <ul id={listId} className="filter-options__list">
          {visible.map((choice) => (
            <li key={choice.value}>
              <label className="filter-options__choice">
                <input
                  type="checkbox"
                  checked={selected.includes(choice.value)}
                  onChange={(event) => onToggle(choice.value, event.target.checked)}
                />
                <span className="filter-options__label" dir="auto">
                  {choice.label}
                </span>
                {choice.count !== null ? (
                  <span className="filter-options__count tabular-nums">{formatNumber(choice.count, i18n.language)}</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {group.choices.length > COLLAPSED_CHOICES ? (
        <button
          type="button"
          className="filter-options__more"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {isExpanded ? t('filters.showFewer') : t('filters.showAll', { count: group.choices.length })}
        </button>
      ) : null}
    </fieldset>
  );
}
