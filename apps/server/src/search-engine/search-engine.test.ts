import { parseSearchQuery, type SearchQuery } from '@careers/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from './search-engine';
import { buildSearchIndex, indexOfId, type IndexPlaceRow, type IndexPositionRow } from './search-index';
import { buildEvaluationPlan } from './search-plan';

const BOSTON = { city: 'Boston', region: 'MA', country: 'United States', lat: 42.3601, lng: -71.0589 };
const NEW_YORK = { city: 'New York', region: 'NY', country: 'United States', lat: 40.7128, lng: -74.006 };
const LONDON = { city: 'London', region: 'England', country: 'United Kingdom', lat: 51.5074, lng: -0.1278 };
const CAMBRIDGE = { city: 'Cambridge', region: 'England', country: 'United Kingdom', lat: 52.2053, lng: 0.1218 };

const positions: IndexPositionRow[] = [
  { id: 1, department: 'Engineering', employmentType: 'FULL_TIME', seniority: 'senior', isRemote: 0, postedAt: '2025-02-01T00:00:00Z' },
  { id: 2, department: 'Engineering', employmentType: 'PART_TIME', seniority: 'mid', isRemote: 1, postedAt: '2025-02-03T00:00:00Z' },
  { id: 3, department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: '2025-01-15T00:00:00Z' },
  { id: 4, department: 'Sales', employmentType: 'CONTRACT', seniority: 'entry', isRemote: 0, postedAt: '2025-02-10T00:00:00Z' },
  { id: 5, department: 'Design', employmentType: 'FULL_TIME', seniority: 'lead', isRemote: 0, postedAt: '2025-01-01T00:00:00Z' },
];
const places: IndexPlaceRow[] = [
  { positionId: 1, ...BOSTON },
  { positionId: 1, ...NEW_YORK },
  { positionId: 2, ...BOSTON },
  { positionId: 3, ...LONDON },
  { positionId: 4, ...CAMBRIDGE },
  { positionId: 5, ...NEW_YORK },
  // An archived position's place: not in `positions`, so never indexed.
  { positionId: 6, ...LONDON },
];
const index = buildSearchIndex('v1', positions, places);
const FACETS = ['department', 'employment_type', 'seniority', 'remote', 'location'];

function query(raw: Record<string, string>): SearchQuery {
  const parsed = parseSearchQuery(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

/** `text`: ids of free-text matches (listed in any order; the engine gets them newest first, as text-matches.ts gives them). */
function run(raw: Record<string, string>, options: { applied?: Record<string, string[]>; text?: number[]; pageSize?: number; markers?: boolean } = {}) {
  const matched = new Set((options.text ?? []).map((id) => indexOfId(index, id)));
  const text = options.text ? index.newestOrder.filter((position) => matched.has(position)) : null;
  const result = evaluate(
    index,
    buildEvaluationPlan({
      index,
      query: query(raw),
      applied: options.applied ?? {},
      text,
      facetKeys: FACETS,
      markers: options.markers ?? false,
      pageSize: options.pageSize ?? 10,
    }),
  );
  const counts = (key: string) => {
    const column = index.facets.get(key);
    const values = result.facetCounts.get(key) ?? new Int32Array();
    return Object.fromEntries((column?.values ?? []).map((value, id) => [value, values[id] ?? 0]).filter(([, count]) => count !== 0));
  };
  // Order 'rank' leaves the page to rank-page.ts: here, the results' ids in the order the engine found them.
  const positions = result.textResults ? [...result.textResults].map((slot) => text?.[slot] ?? -1) : result.page;
  return { ...result, ids: positions.map((position) => index.ids[position]), counts };
}

describe('search engine over the in-memory index', () => {
  it('browses every open position, newest first', () => {
    const result = run({});
    expect(result.count).toBe(5);
    expect(result.ids).toEqual([4, 2, 1, 3, 5]);
    expect(result.counts('department')).toEqual({ Engineering: 2, Sales: 2, Design: 1 });
    expect(result.counts('remote')).toEqual({ true: 1, false: 4 });
    // Position 1 is in two cities; each city counts it once.
    expect(result.counts('location')).toEqual({ Boston: 2, 'New York': 2, London: 1, Cambridge: 1 });
  });

  it('counts each facet without its own filter (disjunctive facets)', () => {
    const result = run({}, { applied: { department: ['Sales'], employment_type: ['FULL_TIME'] } });
    expect(result.ids).toEqual([3]);
    expect(result.count).toBe(1);
    // Departments of the FULL_TIME positions: another department widens the selection.
    expect(result.counts('department')).toEqual({ Engineering: 1, Sales: 1, Design: 1 });
    // Employment types within Sales.
    expect(result.counts('employment_type')).toEqual({ FULL_TIME: 1, CONTRACT: 1 });
    // Facets without a filter count the results.
    expect(result.counts('seniority')).toEqual({ mid: 1 });
  });

  it('ORs values within a filter and matches values case-insensitively', () => {
    expect(run({}, { applied: { department: ['design', 'ENGINEERING'] } }).ids).toEqual([2, 1, 5]);
    expect(run({}, { applied: { department: ['Nowhere'] } }).count).toBe(0);
  });

  it('matches typed places by city, region, country, code and prefix', () => {
    expect(run({ location: 'Boston' }).ids).toEqual([2, 1]);
    expect(run({ location: 'boston, ma, united states' }).ids).toEqual([2, 1]);
    expect(run({ location: 'NY' }).ids).toEqual([1, 5]);
    expect(run({ location: 'uk' }).ids).toEqual([4, 3]);
    expect(run({ location: 'camb' }).ids).toEqual([4]);
    expect(run({ location: 'Atlantis' }).count).toBe(0);
  });

  it('keeps remote roles for the remote location', () => {
    expect(run({ location: 'remote' }).ids).toEqual([2]);
  });

  it('applies a radius around a typed city, nearest first when there is no text', () => {
    // New York is about 190 miles from Boston.
    expect(run({ location: 'Boston', filter_distance: '100' }).ids).toEqual([2, 1]);
    expect(run({ location: 'Boston', filter_distance: '250' }).ids).toEqual([2, 1, 5]);
    // A country has no centre: the radius does not apply.
    expect(run({ location: 'United Kingdom', filter_distance: '1' }).ids).toEqual([4, 3]);
  });

  // Issue 13: the radius is in miles ("190") or in kilometres ("306km"); New York is 190.2 mi = 306.1 km from Boston.
  it('a radius in miles reaches New York from Boston at 191 miles, not at 189', () => {
    expect(run({ location: 'Boston', filter_distance: '189' }).ids).toEqual([2, 1]);
    expect(run({ location: 'Boston', filter_distance: '191' }).ids).toEqual([2, 1, 5]);
  });

  it('a radius in kilometres reaches New York from Boston at 307 km, not at 305 (converted, not read as miles)', () => {
    expect(run({ location: 'Boston', filter_distance: '305km' }).ids).toEqual([2, 1]);
    expect(run({ location: 'Boston', filter_distance: '307km' }).ids).toEqual([2, 1, 5]);
    // 200 read as miles would reach New York; 200 km does not.
    expect(run({ location: 'Boston', filter_distance: '200km' }).ids).toEqual([2, 1]);
  });

  it('searches around a point (current location, Map Location) and inside bounds (Map Area)', () => {
    expect(run({ location: 'current location', latlong: '40.71,-74.0' }).ids).toEqual([1, 5]);
    expect(run({ location: 'Map Location', latlong: '52.2053,0.1218', filter_distance: '0' }).ids).toEqual([4]);
    expect(run({ location: 'Map Area', bounds: '51,-1,53,1' }).ids).toEqual([4, 3]);
    expect(run({ location: 'Map Area', bounds: '-10,170,10,-170' }).count).toBe(0);
  });

  it('pages without gaps or repeats', () => {
    const pages = [0, 2, 4].map((start) => run({ start: String(start) }, { pageSize: 2 }).ids);
    expect(pages).toEqual([[4, 2], [1, 3], [5]]);
  });

  it('walks only the text matches: every result for relevance (ranked by the caller), a page for newest', () => {
    const relevance = run({ query: 'x' }, { text: [5, 3, 1], pageSize: 1 });
    expect(relevance.page).toEqual([]);
    expect(relevance.ids).toEqual([1, 3, 5]);
    expect(relevance.count).toBe(3);
    expect(relevance.counts('department')).toEqual({ Engineering: 1, Sales: 1, Design: 1 });
    expect(run({ query: 'x', sort_by: 'newest' }, { text: [5, 3, 1] }).ids).toEqual([1, 3, 5]);
    expect(run({ query: 'x', sort_by: 'newest', start: '1' }, { text: [5, 3, 1], pageSize: 1 }).ids).toEqual([3]);
    expect(run({ query: 'x' }, { text: [5, 3, 1], applied: { department: ['Sales', 'Design'] } }).ids).toEqual([3, 5]);
    expect(run({ query: 'x' }, { text: [] }).count).toBe(0);
  });

  it('counts map markers per place, remote apart', () => {
    const result = run({}, { markers: true });
    const markers = result.markers.map((marker) => [index.places[marker.place]?.city, marker.isRemote, marker.count]);
    expect(markers).toEqual(
      expect.arrayContaining([
        ['Boston', false, 1],
        ['Boston', true, 1],
        ['New York', false, 2],
        ['London', false, 1],
        ['Cambridge', false, 1],
      ]),
    );
    expect(markers).toHaveLength(5);
    // A location search shows the matching places only.
    expect(run({ location: 'New York' }, { markers: true }).markers.map((marker) => index.places[marker.place]?.city)).toEqual(['New York']);
  });
});

describe('filtering candidates in index order', () => {
  const DEPARTMENTS = ['Engineering', 'Sales', 'Design'];
  const TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACT'];
  const CITIES = [BOSTON, NEW_YORK, LONDON, CAMBRIDGE];

  it('gives exactly what filtering in result order gives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            department: fc.constantFrom(...DEPARTMENTS),
            employmentType: fc.constantFrom(...TYPES),
            isRemote: fc.constantFrom(0, 1),
            day: fc.integer({ min: 1, max: 28 }),
            cities: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        fc.record({
          location: fc.constantFrom('', 'Boston', 'United Kingdom', 'remote'),
          sort_by: fc.constantFrom('relevance', 'newest'),
          start: fc.constantFrom('0', '10', '30'),
        }),
        fc.subarray(DEPARTMENTS),
        fc.option(fc.array(fc.nat(130)), { nil: null }),
        fc.boolean(),
        (generated, raw, departments, textIds, markers) => {
          const rows = generated.map((row, at) => ({
            id: at + 1,
            department: row.department,
            employmentType: row.employmentType,
            seniority: 'mid',
            isRemote: row.isRemote,
            postedAt: new Date(Date.UTC(2025, 1, row.day)).toISOString(),
          }));
          const placeRows = generated.flatMap((row, at) => row.cities.map((city) => ({ positionId: at + 1, ...(CITIES[city] ?? BOSTON) })));
          const built = buildSearchIndex('v', rows, placeRows);
          const matched = new Set((textIds ?? []).map((id) => indexOfId(built, id)));
          const plan = buildEvaluationPlan({
            index: built,
            query: query(raw),
            applied: departments.length > 0 ? { department: departments } : {},
            text: textIds === null ? null : built.newestOrder.filter((position) => matched.has(position)),
            facetKeys: FACETS,
            markers,
            pageSize: 10,
          });
          expect(evaluate(built, plan, 'indexOrder')).toEqual(evaluate(built, plan, 'resultOrder'));
        },
      ),
      { numRuns: 300 },
    );
  });
});
