import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterLogin,
  autoSelectedPid,
  changeFilters,
  changePage,
  changeSort,
  clearFilters,
  initialSearchState,
  newSearch,
  resultsCacheKey,
  searchApiParams,
  sortToSend,
  type SearchState,
} from './search-state';
import { parseSearchQuery } from './search';

const browsing = (patch: Partial<SearchState> = {}): SearchState => ({
  ...initialSearchState(),
  query: 'nurse',
  location: 'Boston',
  start: 30,
  filters: { department: ['Care'] },
  sortOption: 'newest',
  selectedPid: '42',
  ...patch,
});

describe('search transitions (spec §4)', () => {
  it('a filter change resets start and the position and reloads after the debounce', () => {
    const { state, reload } = changeFilters(browsing(), { department: ['Care', 'Lab'], skills: [] });
    expect(state).toMatchObject({ start: 0, selectedPid: null, filters: { department: ['Care', 'Lab'] }, query: 'nurse' });
    expect(reload).toBe('debounced');
  });

  it('clearing filters reloads at once', () => {
    expect(clearFilters(browsing())).toEqual({ state: browsing({ filters: {}, start: 0, selectedPid: null }), reload: 'immediate' });
  });

  it('a new search resets start and the position', () => {
    const { state } = newSearch(browsing(), { query: ' doctor ', location: 'Chicago' });
    expect(state).toMatchObject({ query: 'doctor', location: 'Chicago', start: 0, selectedPid: null, filters: { department: ['Care'] } });
  });

  it('Map Location sets the distance to 0; another location clears a 0 distance', () => {
    const atPoint = newSearch(browsing(), { query: '', location: 'Map Location', latlong: { lat: 1, lng: 2 } }).state;
    expect(atPoint.filters).toEqual({ department: ['Care'], distance: ['0'] });
    expect(atPoint.latlong).toEqual({ lat: 1, lng: 2 });
    const elsewhere = newSearch(atPoint, { query: '', location: 'Boston' }).state;
    expect(elsewhere.filters).toEqual({ department: ['Care'] });
    expect(elsewhere.latlong).toBeNull();
    expect(newSearch(browsing({ filters: { distance: ['25'] } }), { query: '', location: 'Boston' }).state.filters).toEqual({ distance: ['25'] });
  });

  it('paging and sorting clear the position; sorting returns to the first page', () => {
    expect(changePage(browsing(), 40).state).toMatchObject({ start: 40, selectedPid: null });
    expect(changePage(browsing(), -5).state.start).toBe(0);
    expect(changePage(browsing(), Number.NaN).state.start).toBe(0);
    expect(changeSort(browsing(), 'relevance').state).toMatchObject({ sortOption: 'relevance', start: 0, selectedPid: null });
  });

  it('login resets the sort option', () => {
    expect(afterLogin(browsing()).sortOption).toBeNull();
  });

  it('sends the sort only when the address query and location equal the state', () => {
    expect(sortToSend(browsing(), { query: 'nurse', location: 'Boston' })).toBe('newest');
    expect(sortToSend(browsing(), { query: 'nurse', location: '' })).toBeUndefined();
    expect(sortToSend(browsing(), { query: 'nur', location: 'Boston' })).toBeUndefined();
    expect(sortToSend(browsing({ sortOption: null }), { query: 'nurse', location: 'Boston' })).toBeUndefined();
  });

  it('auto-selects the first result unless a pid is in the address', () => {
    expect(autoSelectedPid([{ id: 7 }, { id: 8 }], null)).toBe('7');
    expect(autoSelectedPid([{ id: 7 }], '99')).toBe('99');
    expect(autoSelectedPid([], null)).toBeNull();
  });
});

describe('results cache key (spec §4)', () => {
  it('is the same for the same selection in any order', () => {
    const filters = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.uniqueArray(fc.string({ maxLength: 5 }), { maxLength: 4 }));
    fc.assert(
      fc.property(filters, fc.string(), fc.string(), fc.nat(), (f, query, location, start) => {
        const reversed = Object.fromEntries(Object.entries(f).reverse().map(([k, v]) => [k, [...v].reverse()]));
        expect(resultsCacheKey({ filters: reversed, start, query, location })).toBe(resultsCacheKey({ filters: f, start, query, location }));
      }),
    );
  });

  it('differs when any part differs, including sort and map coordinates', () => {
    const base = browsing();
    const keys = new Set([
      resultsCacheKey(base),
      resultsCacheKey({ ...base, start: 40 }),
      resultsCacheKey({ ...base, query: 'doctor' }),
      resultsCacheKey({ ...base, location: 'Chicago' }),
      resultsCacheKey({ ...base, filters: { department: ['Lab'] } }),
      resultsCacheKey({ ...base, sortOption: 'relevance' }),
      resultsCacheKey({ ...base, location: 'Map Area', bounds: { sw: { lat: 1, lng: 1 }, ne: { lat: 2, lng: 2 } } }),
      resultsCacheKey({ ...base, location: 'Map Area', bounds: { sw: { lat: 1, lng: 1 }, ne: { lat: 3, lng: 3 } } }),
    ]);
    expect(keys.size).toBe(8);
    expect(resultsCacheKey({ ...base, filters: { department: ['Care'], skills: [] } })).toBe(resultsCacheKey(base));
  });
});

describe('search API params', () => {
  it('sends repeated filter params that the server parses back to the same state', () => {
    const state = browsing({ location: 'Map Area', bounds: { sw: { lat: 40, lng: -75 }, ne: { lat: 43, lng: -70 } }, filters: { skills: ['go', 'sql'], department: ['Care'] } });
    const params = searchApiParams(state, { domain: 'acme.example', sortBy: 'newest', debug: '1' });
    expect(params.toString()).toBe(
      'domain=acme.example&query=nurse&location=Map+Area&start=30&sort_by=newest&filter_department=Care&filter_skills=go&filter_skills=sql&bounds=40%2C-75%2C43%2C-70&debug=1',
    );
    const raw: Record<string, string | string[]> = {};
    params.forEach((value, key) => {
      const previous = raw[key];
      raw[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    });
    const parsed = parseSearchQuery(raw);
    expect(parsed.ok && parsed.value).toMatchObject({
      query: 'nurse',
      location: 'Map Area',
      start: 30,
      sortBy: 'newest',
      filters: { department: ['Care'], skills: ['go', 'sql'] },
      bounds: { sw: { lat: 40, lng: -75 }, ne: { lat: 43, lng: -70 } },
      debug: true,
    });
  });

  it('omits start 0 and an unsent sort', () => {
    expect(searchApiParams(initialSearchState()).toString()).toBe('query=&location=');
  });
});
