import { z } from 'zod';
import { CAREERS_HOME } from './paths';
import { FILTER_PARAM_PREFIX, type SearchQuery } from './search';
import { formatBounds, formatLatLng, locationKind } from './search-location';

/**
 * Issue 12 "Saved searches": a signed-in candidate keeps searches (query, location, filters, a map area)
 * and is alerted when new or changed jobs match them. Calls under /api/pcsx/saved_searches.
 */

/** Our cap per candidate (like saved jobs): past it, saving answers 409 with SavedSearchMessages.full. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 100;
/** The search travels as its URL query string (what GET /api/pcsx/search takes). */
export const SAVED_SEARCH_PARAMS_MAX = 4000;

export const SavedSearchMessages = {
  full: `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  disabled: 'Saved searches are not available on this site',
  nameRequired: 'Enter a name',
  nameTooLong: `Use no more than ${SAVED_SEARCH_NAME_MAX} characters`,
  control: 'Remove control characters',
  nothingToChange: 'Give a new name or turn alerts on or off',
} as const;

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F]*$/;

export const SavedSearchNameSchema = z
  .string()
  .regex(NO_CONTROL_CHARACTERS, SavedSearchMessages.control)
  .trim()
  .min(1, SavedSearchMessages.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX, SavedSearchMessages.nameTooLong);

const DomainSchema = z.string().max(253).optional();

/** POST /api/pcsx/saved_searches: the search as its query string (`query=…&location=…&filter_x=…`). */
export const SavedSearchCreateBodySchema = z.object({
  domain: DomainSchema,
  search: z.string().max(SAVED_SEARCH_PARAMS_MAX).regex(NO_CONTROL_CHARACTERS, SavedSearchMessages.control),
  name: SavedSearchNameSchema.optional(),
  /** Alerts are on unless the candidate says otherwise. */
  alertsEnabled: z.boolean().default(true),
});
export type SavedSearchCreateBody = z.input<typeof SavedSearchCreateBodySchema>;

/** PATCH /api/pcsx/saved_searches/{id}: rename and/or switch alerts. */
export const SavedSearchUpdateBodySchema = z
  .object({ domain: DomainSchema, name: SavedSearchNameSchema.optional(), alertsEnabled: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.alertsEnabled !== undefined, { message: SavedSearchMessages.nothingToChange, path: ['name'] });
export type SavedSearchUpdateBody = z.input<typeof SavedSearchUpdateBodySchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Canonical parameters (canonicalSearchParams). */
  search: z.string(),
  /** The search page address that reruns it (savedSearchPath). */
  url: z.string(),
  /** What it looks for, for a list: its words, place and how many filters. */
  query: z.string(),
  location: z.string(),
  filterCount: z.number().int().min(0),
  alertsEnabled: z.boolean(),
  createdAt: z.string(),
  lastAlertOn: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchesResponseSchema = z.object({ data: z.array(SavedSearchSchema), max: z.number().int() });
export type SavedSearchesResponse = z.infer<typeof SavedSearchesResponseSchema>;
export const SavedSearchResponseSchema = z.object({ data: SavedSearchSchema });
export type SavedSearchResponse = z.infer<typeof SavedSearchResponseSchema>;

/** The parts of a search a saved search keeps (paging, sort, debug and domain are not the search itself). */
export type SavedSearchCriteria = Pick<SearchQuery, 'query' | 'location' | 'filters' | 'latlong' | 'bounds'>;

/**
 * One text per search, whatever order its params came in: free text and location with single spaces, filters by key
 * with their values sorted, coordinates only where the location kind uses them. Two searches that return
 * the same jobs for the same reasons are the same saved search.
 */
export function canonicalSearchParams(criteria: SavedSearchCriteria): string {
  const params = new URLSearchParams();
  const kind = locationKind(criteria.location);
  if (criteria.query) params.set('query', criteria.query.replace(/\s+/g, ' '));
  if (criteria.location) params.set('location', criteria.location.replace(/\s+/g, ' '));
  for (const key of Object.keys(criteria.filters).sort()) {
    const values = [...(criteria.filters[key] ?? [])].sort();
    if (values.length > 0) params.set(`${FILTER_PARAM_PREFIX}${key}`, values.join(','));
  }
  if (criteria.latlong && (kind === 'current_location' || kind === 'map_location' || kind === 'text')) params.set('latlong', formatLatLng(criteria.latlong));
  if (criteria.bounds && kind === 'map_area') params.set('bounds', formatBounds(criteria.bounds));
  return params.toString();
}

/**
 * The search page address that reruns a saved search: /careers with query, location and filter_<name>
 * (spec §2 "Paths built"). Map Area and Map Location are cleared on load (spec §2), so such a search opens
 * on the map with its words and filters, for the candidate to draw the area again; alerts keep its area.
 */
export function savedSearchPath(search: string, domain?: string): string {
  const saved = new URLSearchParams(search);
  const params = new URLSearchParams();
  if (domain) params.set('domain', domain);
  const location = saved.get('location') ?? '';
  const kind = locationKind(location);
  saved.forEach((value, name) => {
    if (name === 'query' || name.startsWith(FILTER_PARAM_PREFIX)) params.append(name, value);
  });
  if (location && kind !== 'map_area' && kind !== 'map_location' && kind !== 'current_location') params.set('location', location);
  if (kind === 'map_area' || kind === 'map_location') params.set('tab', 'map');
  const text = params.toString();
  return text ? `${CAREERS_HOME}?${text}` : CAREERS_HOME;
}
