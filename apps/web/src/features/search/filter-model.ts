import {
  DISTANCE_FILTER,
  MAP_MARKER_FILTERS,
  filterDisplayName,
  optionLabel,
  type FilterDef,
  type SearchOptionsMap,
} from '@careers/contracts';

/**
 * What the filter panel shows (spec §4 "Search", §3 searchOptionsMap): one group per configured filter with
 * its options and counts from the current results, display names and labels from the tenant's map.
 */

export interface FilterChoice {
  value: string;
  label: string;
  /** Jobs in the current results with this value; null for a selected value the results no longer list. */
  count: number | null;
}

export interface FilterGroup {
  key: string;
  displayName: string;
  choices: FilterChoice[];
}

export type Filters = Readonly<Record<string, readonly string[]>>;

/** Keys with their own controls or none at all: map markers and the radius. */
const isPanelFilter = (key: string): boolean =>
  key !== DISTANCE_FILTER && !(MAP_MARKER_FILTERS as readonly string[]).includes(key);

/** The configured filters in the order the tenant gave: all filters first, then any smart filter not among them. */
export function configuredFilterKeys(searchConfig: { smartFilters: readonly string[]; allFilters: readonly string[] }): string[] {
  return [...new Set([...searchConfig.allFilters, ...searchConfig.smartFilters])].filter(isPanelFilter);
}

/** An option's label: the tenant's label map first, then the server's label, then the value itself. */
export function choiceLabel(key: string, value: string, searchOptionsMap: SearchOptionsMap, serverLabel?: string): string {
  const mapped = optionLabel(key, value, searchOptionsMap);
  if (mapped !== value) return mapped;
  return serverLabel && serverLabel.trim() ? serverLabel : value;
}

export function filterGroups(
  keys: readonly string[],
  filterDef: FilterDef | undefined,
  searchOptionsMap: SearchOptionsMap,
  selected: Filters,
): FilterGroup[] {
  return keys.map((key) => {
    const entry = filterDef?.allFilters.find((candidate) => candidate.filterName === key);
    const choices: FilterChoice[] = (entry?.options ?? []).map((option) => ({
      value: option.value,
      label: choiceLabel(key, option.value, searchOptionsMap, option.label),
      count: option.count,
    }));
    // A selected value stays visible (and removable) even when the results no longer count it.
    for (const value of selected[key] ?? []) {
      if (!choices.some((choice) => choice.value === value)) {
        choices.unshift({ value, label: choiceLabel(key, value, searchOptionsMap), count: null });
      }
    }
    const displayName = entry?.displayName && entry.displayName !== key ? entry.displayName : filterDisplayName(key, searchOptionsMap);
    return { key, displayName, choices };
  });
}

export interface AppliedFilter {
  key: string;
  value: string;
  displayName: string;
  label: string;
}

/** One chip per selected value, in the panel's order; distance is described by the caller. */
export function appliedFilters(selected: Filters, groups: readonly FilterGroup[], searchOptionsMap: SearchOptionsMap): AppliedFilter[] {
  const chips: AppliedFilter[] = [];
  const keys = [...groups.map((group) => group.key), ...Object.keys(selected).filter((key) => !groups.some((group) => group.key === key))];
  for (const key of keys) {
    if ((MAP_MARKER_FILTERS as readonly string[]).includes(key)) continue;
    const group = groups.find((candidate) => candidate.key === key);
    for (const value of selected[key] ?? []) {
      const choice = group?.choices.find((candidate) => candidate.value === value);
      chips.push({
        key,
        value,
        displayName: group?.displayName ?? filterDisplayName(key, searchOptionsMap),
        label: choice?.label ?? choiceLabel(key, value, searchOptionsMap),
      });
    }
  }
  return chips;
}

export function withValue(filters: Filters, key: string, value: string, isOn: boolean): Record<string, string[]> {
  const next: Record<string, string[]> = Object.fromEntries(Object.entries(filters).map(([name, values]) => [name, [...values]]));
  const values = next[key] ?? [];
  next[key] = isOn ? (values.includes(value) ? values : [...values, value]) : values.filter((candidate) => candidate !== value);
  if (next[key].length === 0) delete next[key];
  return next;
}

export function withoutKey(filters: Filters, key: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(filters).filter(([name]) => name !== key).map(([name, values]) => [name, [...values]]));
}

export const selectedCount = (filters: Filters, keys?: readonly string[]): number =>
  Object.entries(filters)
    .filter(([key]) => (keys ? keys.includes(key) : !(MAP_MARKER_FILTERS as readonly string[]).includes(key)))
    .reduce((sum, [, values]) => sum + values.length, 0);
