/**
 * The filter keys search knows how to filter and count (spec §3 searchConfig smartFilters/allFilters).
 * A tenant configures which of them its page shows; a configured key that is not here has no field to
 * filter on, so search names it in resultsMetaData.ignoredFilters instead of guessing.
 *
 * Values are what the filter params carry and the facet options return as `value`: stored codes
 * (FULL_TIME), department names, "true"/"false" for remote, city and country names for places. None
 * holds a comma (contracts isSelectableFilterValue), so comma-joined params split back exactly.
 */

export type FacetSource =
  /** One value per position, from a positions column. */
  | { kind: 'column'; column: 'department' | 'employmentType' | 'seniority' }
  /** "true" for remote roles, "false" otherwise. */
  | { kind: 'remote' }
  /** spec's work location option: "remote" or "onsite" (PositionSchema work_location_option). */
  | { kind: 'workLocation' }
  /** Several values per position, one per distinct place field. */
  | { kind: 'place'; field: 'city' | 'country' };

export const FACET_SOURCES: Readonly<Record<string, FacetSource>> = {
  department: { kind: 'column', column: 'department' },
  employment_type: { kind: 'column', column: 'employmentType' },
  seniority: { kind: 'column', column: 'seniority' },
  remote: { kind: 'remote' },
  work_location_option: { kind: 'workLocation' },
  location: { kind: 'place', field: 'city' },
  country: { kind: 'place', field: 'country' },
};

export const isFacetKey = (key: string): boolean => Object.hasOwn(FACET_SOURCES, key);

/** Facet options returned per filter: enough for any real list; a longer tail is cut, most common first. */
export const MAX_FACET_OPTIONS = 100;
/** Map markers per kind (remote / non-remote), most jobs first; clusters make more pointless. */
export const MAX_MARKERS = 2000;
