import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SEARCH_MAX_START,
  SearchMessages,
  SearchQuerySchema,
  SearchResponseSchema,
  SearchPositionSchema,
  SEARCH_SUMMARY_MAX_LENGTH,
  isSelectableFilterValue,
  parseSearchQuery,
  resolveAppliedFilters,
  searchableFilterKeys,
  type SearchQuery,
} from './search';

const ok = (raw: unknown): SearchQuery => {
  const result = parseSearchQuery(raw);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.fields)}`);
  return result.value;
};
const fieldsOf = (raw: unknown): Record<string, string> => {
  const result = parseSearchQuery(raw);
  if (result.ok) throw new Error('expected a 400');
  return result.fields;
};

describe('GET /api/pcsx/search query (spec §7)', () => {
  it('reads the plain params with defaults', () => {
    expect(ok({})).toEqual({
      domain: undefined,
      query: '',
      location: '',
      locationKind: 'none',
      start: 0,
      sortBy: 'relevance',
      filters: {},
      distanceMiles: null,
      latlong: null,
      bounds: null,
      debug: false,
      ignoredFilters: [],
    });
    const value = ok({ domain: 'acme.example', query: ' nurse ', location: 'Boston', start: '20', sort_by: 'Newest', debug: '1' });
    expect(value).toMatchObject({ domain: 'acme.example', query: 'nurse', location: 'Boston', locationKind: 'text', start: 20, sortBy: 'newest', debug: true });
  });

  it('accepts filter values comma-joined, repeated, or both, deduplicated in order', () => {
    const value = ok({ filter_department: ['Care,Lab', 'Lab', ' Admin '], filter_employment_type: 'full_time', filter_seniority: '' });
    expect(value.filters).toEqual({ department: ['Care', 'Lab', 'Admin'], employment_type: ['full_time'] });
  });

  it('lower-cases filter names and ignores malformed ones', () => {
    const value = ok({ filter_Department: 'Care', 'filter_bad-name': 'x', filter___proto__: 'x', 'filter_': 'x', filter_9x: 'y' });
    expect(value.filters).toEqual({ department: ['Care'] });
    expect(value.ignoredFilters).toEqual(['filter_bad-name', 'filter___proto__', 'filter_', 'filter_9x']);
  });

  it('reads the special locations with their coordinates', () => {
    expect(ok({ location: 'Map Location', latlong: '42.36,-71.06', filter_distance: '0' })).toMatchObject({
      locationKind: 'map_location',
      latlong: { lat: 42.36, lng: -71.06 },
      distanceMiles: 0,
    });
    expect(ok({ location: 'map_area', bounds: '40,-75,43,-70' })).toMatchObject({
      locationKind: 'map_area',
      bounds: { sw: { lat: 40, lng: -75 }, ne: { lat: 43, lng: -70 } },
    });
    expect(ok({ location: 'current location', latlong: '1,2', filter_distance: '25' })).toMatchObject({ distanceMiles: 25 });
    expect(ok({ location: 'Remote' }).locationKind).toBe('remote');
  });

  describe('bad input (issue 3) is a 400 with a clear message', () => {
    it.each([
      [{ start: '-1' }, 'start', SearchMessages.start],
      [{ start: String(SEARCH_MAX_START + 1) }, 'start', SearchMessages.start],
      [{ start: '1.5' }, 'start', SearchMessages.start],
      [{ start: '1e3' }, 'start', SearchMessages.start],
      [{ start: '99999999999999999999' }, 'start', SearchMessages.start],
      [{ sort_by: 'price' }, 'sort_by', SearchMessages.sortBy],
      [{ query: 'x'.repeat(201) }, 'query', SearchMessages.queryTooLong],
      [{ query: 'x'.repeat(10_240) }, 'query', SearchMessages.queryTooLong],
      [{ location: 'y'.repeat(201) }, 'location', SearchMessages.locationTooLong],
      [{ latlong: 'NaN,NaN' }, 'latlong', SearchMessages.latlong],
      [{ latlong: '91,0' }, 'latlong', SearchMessages.latlong],
      [{ latlong: '0,181' }, 'latlong', SearchMessages.latlong],
      [{ latlong: '1e1,2' }, 'latlong', SearchMessages.latlong],
      [{ location: 'current location' }, 'latlong', SearchMessages.latlongRequired],
      [{ location: 'Map Location' }, 'latlong', SearchMessages.latlongRequired],
      [{ location: 'Map Area' }, 'bounds', SearchMessages.boundsRequired],
      [{ bounds: '43,-75,40,-70' }, 'bounds', SearchMessages.bounds],
      [{ bounds: '1,2,3' }, 'bounds', SearchMessages.bounds],
      [{ filter_distance: '-5' }, 'filter_distance', SearchMessages.distance],
      [{ filter_distance: '5,10' }, 'filter_distance', SearchMessages.distance],
      [{ filter_distance: 'far' }, 'filter_distance', SearchMessages.distance],
      [{ filter_skills: 'z'.repeat(201) }, 'filter_skills', SearchMessages.valueTooLong],
      [{ filter_skills: Array.from({ length: 51 }, (_, i) => `s${i}`).join(',') }, 'filter_skills', SearchMessages.tooManyValues],
      [{ query: ['a', 'b'] }, 'query', 'query must be given once'],
      [{ start: ['0', '10'] }, 'start', 'start must be given once'],
      [{ query: { $ne: 1 } }, 'query', 'query must be text'],
    ])('%j → %s', (raw, field, message) => {
      expect(fieldsOf(raw)[field]).toBe(message);
      const parsed = SearchQuerySchema.safeParse(raw);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.some((issue) => issue.path[0] === field && issue.message === message)).toBe(true);
    });

    it('refuses more than 30 filters', () => {
      const raw = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`filter_f${i}`, 'x']));
      expect(fieldsOf(raw).filters).toBe(SearchMessages.tooManyFilters);
    });

    it('keeps the first field message as the summary', () => {
      const result = parseSearchQuery({ start: '-1', sort_by: 'x' });
      expect(result.ok ? '' : result.message).toBe(SearchMessages.start);
    });
  });

  it('ignores unknown non-filter params and odd raw inputs', () => {
    expect(ok({ utm_source: 'mail', pid: '3', __proto__: { polluted: true } }).query).toBe('');
    expect(ok(null).start).toBe(0);
    expect(ok('query=x').start).toBe(0);
    expect(ok(['x']).start).toBe(0);
  });

  it('never throws, never pollutes Object.prototype, and answers ok or fields for any input (T15)', () => {
    const key = fc.oneof(
      fc.constantFrom('query', 'location', 'start', 'sort_by', 'latlong', 'bounds', 'domain', 'debug', '__proto__', 'constructor',
        'filter_distance', 'filter_department', 'filter___proto__', 'filter_constructor', 'filter_toString'),
      fc.string({ maxLength: 20 }).map((s) => `filter_${s}`),
      fc.string({ maxLength: 10 }),
    );
    const text = fc.oneof(
      fc.string({ maxLength: 300, unit: 'binary' }),
      fc.constantFrom('"', '*', 'NEAR', '-1', '\u0000', '\ud800', 'NaN,NaN', '90,180', '1e308', '10001', 'newest'),
      fc.integer().map(String),
    );
    const value = fc.oneof(text, fc.array(text, { maxLength: 4 }), fc.constant(null), fc.object({ maxDepth: 1 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 12 }), (entries) => {
        const raw: Record<string, unknown> = Object.create(null);
        for (const [k, v] of entries) Object.defineProperty(raw, k, { value: v, enumerable: true, configurable: true, writable: true });
        const result = parseSearchQuery(raw);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).not.toContain('polluted');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        if (result.ok) {
          expect(result.value.start).toBeGreaterThanOrEqual(0);
          expect(result.value.start).toBeLessThanOrEqual(SEARCH_MAX_START);
          expect(result.value.query.length).toBeLessThanOrEqual(200);
          expect(Object.getPrototypeOf(result.value.filters)).toBe(Object.prototype);
          for (const name of Object.keys(result.value.filters)) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
        } else {
          expect(Object.keys(result.fields).length).toBeGreaterThan(0);
          expect(result.message).not.toBe('');
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('applied filters', () => {
  it('applies configured filters and distance, ignores the rest and the marker filters', () => {
    const allowed = searchableFilterKeys({ smartFilters: ['department'], allFilters: ['department', 'employment_type'] });
    expect([...allowed].sort()).toEqual(['department', 'distance', 'employment_type']);
    const filters = ok({ filter_department: 'Care', filter_colour: 'red', filter_distance: '10', filter_latlong_remote: '1,2' }).filters;
    expect(resolveAppliedFilters(filters, new Set([...allowed, 'latlong_remote']))).toEqual({
      applied: { department: ['Care'], distance: ['10'] },
      ignored: ['filter_colour', 'filter_latlong_remote'],
    });
  });

  it('knows which option values can be selected (no commas)', () => {
    expect(isSelectableFilterValue('Care')).toBe(true);
    expect(isSelectableFilterValue('Boston, MA')).toBe(false);
    expect(isSelectableFilterValue(' Care')).toBe(false);
    expect(isSelectableFilterValue('')).toBe(false);
  });
});

describe('search response (spec §3)', () => {
  it('accepts a full response and bounds the page to 10 positions', () => {
    const response = {
      count: 0,
      positions: [],
      filterDef: {
        allFilters: [
          { filterName: 'department', displayName: 'Department', options: [{ label: 'Care', value: 'Care', count: 3 }] },
          { filterName: 'latlong_non_remote', displayName: 'latlong_non_remote', options: [{ label: '3', value: 'Boston, MA, US@42.36,-71.06', count: 3 }] },
        ],
      },
      sortBy: 'relevance',
      appliedFilters: { department: ['Care'] },
      savedSearchMetadata: { isEnabled: false, isSaved: false },
      resultsMetaData: { start: 0, num: 10, hasMore: false, locationKind: 'none', corrections: [], ignoredFilters: [] },
    };
    expect(SearchResponseSchema.parse(response)).toEqual(response);
    expect(SearchResponseSchema.safeParse({ ...response, sortBy: 'price' }).success).toBe(false);
    expect(SearchResponseSchema.safeParse({ ...response, positions: new Array(11).fill(null) }).success).toBe(false);
  });

  it('carries a summary of each result’s description, not the description', () => {
    const position = {
      id: 7,
      name: 'Robot Technician',
      department: 'Hardware',
      employment_type: 'FULL_TIME',
      seniority: 'mid',
      summary: 'Keep the robots running.',
      skills: ['Soldering'],
      locations: [{ city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 }],
      location: 'Boston, MA, US',
      is_remote: false,
      work_location_option: 'onsite',
      salary: null,
      posted_at: '2025-02-01T00:00:00.000Z',
      valid_through: null,
      archived_at: null,
      positionUserActions: { isSaved: false, isInCart: false },
    };
    expect(SearchPositionSchema.parse(position)).toEqual(position);
    expect(SearchPositionSchema.parse({ ...position, description: 'The whole text' })).not.toHaveProperty('description');
    expect(SearchPositionSchema.safeParse({ ...position, summary: 'x'.repeat(SEARCH_SUMMARY_MAX_LENGTH) }).success).toBe(true);
    expect(SearchPositionSchema.safeParse({ ...position, summary: 'x'.repeat(SEARCH_SUMMARY_MAX_LENGTH + 1) }).success).toBe(false);
    expect(SearchPositionSchema.safeParse({ ...position, summary: undefined }).success).toBe(false);
  });
});
