import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchSearchIndex as patchOrNull, type ChangedPositions } from './search-index.patch';
import { buildSearchIndex, indexOfId, type IndexPlaceRow, type IndexPositionRow, type SearchIndex } from './search-index';

/**
 * Issue 8 §2 / P12: patching an index with changed rows gives exactly the index a full load of the new
 * rows builds — ids, dates, orders, dictionaries and place numbering included — without the builder
 * going over the unchanged positions.
 */

interface Row extends IndexPositionRow {
  places: Omit<IndexPlaceRow, 'positionId'>[];
}

const PLACES: Omit<IndexPlaceRow, 'positionId'>[] = [
  { city: 'Boston', region: 'MA', country: 'United States', lat: 42.36, lng: -71.06 },
  { city: 'Berlin', region: null, country: 'Germany', lat: 52.52, lng: 13.4 },
  { city: 'Leeds', region: 'England', country: 'United Kingdom', lat: 53.8, lng: -1.55 },
  { city: 'Austin', region: 'TX', country: 'United States', lat: 30.27, lng: -97.74 },
  { city: 'Atlantica', region: 'ZZ', country: 'Neverland', lat: 10.5, lng: 20.25 },
];
const DAYS = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'];

function rowOf(id: number, fields: Omit<Row, 'id'>): Row {
  return { id, ...fields };
}

const fieldsArbitrary: fc.Arbitrary<Omit<Row, 'id'>> = fc.record({
  // Now and then a second spelling of a value ("sales"): such a column asks for a load when a position changes.
  department: fc.oneof({ weight: 12, arbitrary: fc.constantFrom('Engineering', 'Sales', 'Design', 'Quantum Optics', 'Legal') }, { weight: 1, arbitrary: fc.constant('sales') }),
  employmentType: fc.constantFrom('FULL_TIME', 'PART_TIME', 'CONTRACT'),
  seniority: fc.constantFrom('entry', 'mid', 'senior'),
  isRemote: fc.constantFrom(0, 1),
  postedAt: fc.constantFrom(...DAYS),
  places: fc.array(fc.constantFrom(...PLACES), { maxLength: 3 }),
});

function build(version: string, rows: readonly Row[]): SearchIndex {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  return buildSearchIndex(
    version,
    sorted.map(({ places: _places, ...row }) => row),
    sorted.flatMap((row) => row.places.map((place) => ({ positionId: row.id, ...place }))),
  );
}

/** The change message's rows: what the repository reads for these ids (open ones only). */
function changeOf(ids: readonly number[], rows: readonly Row[]): ChangedPositions {
  const wanted = new Set(ids);
  const open = rows.filter((row) => wanted.has(row.id)).sort((a, b) => a.id - b.id);
  return {
    ids,
    positions: open.map(({ places: _places, ...row }) => row),
    places: open.flatMap((row) => row.places.map((place) => ({ positionId: row.id, ...place }))),
  };
}

/** Everything searches read, in a form toEqual compares (Maps and typed arrays as plain values). */
function snapshot(index: SearchIndex) {
  return {
    ...index,
    facets: [...index.facets.values()].map((column) => ({ ...column, lookup: [...column.lookup] })),
    places: index.places.map((place) => ({ ...place, words: [...place.words].sort() })),
  };
}

/** A patch that must be exact (no value spelled two ways before a position is edited or removed). */
function patchSearchIndex(index: SearchIndex, version: string, change: ChangedPositions): SearchIndex {
  const patched = patchOrNull(index, version, change);
  if (patched === null) throw new Error('the patch asked for a load');
  return patched;
}

function expectSame(patched: SearchIndex, rebuilt: SearchIndex): void {
  expect(snapshot(patched)).toEqual(snapshot(rebuilt));
}

describe('patchSearchIndex', () => {
  it('equals a rebuild after random creates, edits and archives', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 40 }),
        fc.array(fieldsArbitrary, { minLength: 40, maxLength: 40 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom('create', 'edit', 'archive'),
            pick: fc.nat(),
            newId: fc.integer({ min: 1, max: 450 }),
            fields: fieldsArbitrary,
            also: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (startIds, startFields, steps) => {
          let rows = startIds.map((id, at) => rowOf(id, startFields[at] as Omit<Row, 'id'>));
          let index = build('v0', rows);
          steps.forEach((step, at) => {
            const ids: number[] = [];
            const target = rows[step.pick % Math.max(1, rows.length)];
            if (step.kind === 'create' && !rows.some((row) => row.id === step.newId)) {
              rows = [...rows, rowOf(step.newId, step.fields)];
              ids.push(step.newId);
            } else if (step.kind === 'edit' && target) {
              rows = rows.map((row) => (row.id === target.id ? rowOf(row.id, step.fields) : row));
              ids.push(target.id);
            } else if (target) {
              rows = rows.filter((row) => row.id !== target.id);
              ids.push(target.id);
            }
            // Sometimes a change names an id it did not touch, or one no position has (archived long ago).
            if (step.also) ids.push(step.newId);
            const version = `v${at + 1}`;
            const patched = patchOrNull(index, version, changeOf(ids, rows));
            const rebuilt = build(version, rows);
            if (patched === null) {
              // Only when a value was spelled two ways and an indexed position was edited or archived.
              expect(index.facets.get('department')?.hasCaseVariants).toBe(true);
              expect(ids.some((id) => indexOfId(index, id) >= 0)).toBe(true);
              index = rebuilt;
            } else {
              expectSame(patched, rebuilt);
              index = patched;
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('appends a new value to a dictionary and a new place to the places, and drops those no position has', () => {
    const rows = [
      rowOf(1, { department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[0] as string, places: [PLACES[0]!] }),
      rowOf(2, { department: 'Design', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[1] as string, places: [PLACES[1]!] }),
    ];
    const index = build('v0', rows);
    const created = rowOf(3, { department: 'Robotics', employmentType: 'CONTRACT', seniority: 'senior', isRemote: 1, postedAt: DAYS[2] as string, places: [PLACES[4]!, PLACES[4]!, PLACES[0]!] });
    const grown = patchSearchIndex(index, 'v1', changeOf([3], [...rows, created]));
    expect(grown.facets.get('department')?.values).toEqual(['Sales', 'Design', 'Robotics']);
    expect(grown.facets.get('location')?.values).toEqual(['Boston', 'Berlin', 'Atlantica']);
    expect(grown.places.map((place) => place.city)).toEqual(['Boston', 'Berlin', 'Atlantica']);
    expectSame(grown, build('v1', [...rows, created]));
    // The old index is untouched: searches reading it go on as before.
    expect(index.size).toBe(2);
    expect(index.facets.get('department')?.values).toEqual(['Sales', 'Design']);

    // Design's only position leaves: Design and Berlin leave with it, the others are renumbered.
    const shrunk = patchSearchIndex(grown, 'v2', changeOf([2], [rows[0]!, created]));
    expect(shrunk.facets.get('department')?.values).toEqual(['Sales', 'Robotics']);
    expect(shrunk.places.map((place) => place.city)).toEqual(['Boston', 'Atlantica']);
    expect(indexOfId(shrunk, 2)).toBe(-1);
    expectSame(shrunk, build('v2', [rows[0]!, created]));
  });

  it('takes the spelling of the first position in id order when that position is new', () => {
    const later = rowOf(5, { department: 'sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[0] as string, places: [] });
    const index = build('v0', [later]);
    const earlier = rowOf(2, { department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[0] as string, places: [] });
    const patched = patchSearchIndex(index, 'v1', changeOf([2], [earlier, later]));
    expect(patched.facets.get('department')?.values).toEqual(['Sales']);
    expectSame(patched, build('v1', [earlier, later]));
  });

  it('asks for a load when a value is spelled two ways and a position changes, and patches creates exactly', () => {
    const first = rowOf(1, { department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[0] as string, places: [] });
    const second = rowOf(4, { department: 'sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[0] as string, places: [] });
    const index = build('v0', [first, second]);
    expect(index.facets.get('department')?.hasCaseVariants).toBe(true);
    // A load after the first leaves labels the value "sales"; the index no longer knows who spelled it so.
    expect(build('v1', [second]).facets.get('department')?.values).toEqual(['sales']);
    expect(patchOrNull(index, 'v1', changeOf([1], [second]))).toBeNull();
    expect(patchOrNull(index, 'v1', changeOf([4], [first, { ...second, seniority: 'senior' }]))).toBeNull();
    // Creates leave every old position as it was: exact, variants kept.
    const third = rowOf(2, { department: 'SALES', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: DAYS[1] as string, places: [] });
    expectSame(patchSearchIndex(index, 'v2', changeOf([2], [first, second, third])), build('v2', [first, second, third]));
    // A second spelling arriving with a change is noticed, so the next change reloads.
    const plain = build('v0', [first]);
    const varied = patchSearchIndex(plain, 'v1', changeOf([4], [first, second]));
    expect(varied.facets.get('department')?.hasCaseVariants).toBe(true);
    expectSame(varied, build('v1', [first, second]));
  });

  it('archives the newest and the oldest position, and moves an edited one in newest order', () => {
    const rows = DAYS.map((day, at) => rowOf(10 + at, { department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: day, places: [] }));
    const index = build('v0', rows);
    // Newest first: ids 13, 12, 11, 10.
    expect([...index.newestOrder].map((position) => index.ids[position])).toEqual([13, 12, 11, 10]);

    const withoutNewest = rows.filter((row) => row.id !== 13);
    const afterNewest = patchSearchIndex(index, 'v1', changeOf([13], withoutNewest));
    expect([...afterNewest.newestOrder].map((position) => afterNewest.ids[position])).toEqual([12, 11, 10]);
    expectSame(afterNewest, build('v1', withoutNewest));

    const withoutOldest = withoutNewest.filter((row) => row.id !== 10);
    const afterOldest = patchSearchIndex(afterNewest, 'v2', changeOf([10], withoutOldest));
    expect([...afterOldest.ids]).toEqual([11, 12]);
    expectSame(afterOldest, build('v2', withoutOldest));

    // 11 is re-posted on the latest day: it moves to the front; a tie on date goes to the higher id.
    const moved = withoutOldest.map((row) => (row.id === 11 ? { ...row, postedAt: DAYS[3] as string } : row));
    const afterMove = patchSearchIndex(afterOldest, 'v3', changeOf([11], moved));
    expect([...afterMove.newestOrder].map((position) => afterMove.ids[position])).toEqual([11, 12]);
    expect([...afterMove.newestRank]).toEqual([0, 1]);
    expectSame(afterMove, build('v3', moved));
    const tied = moved.map((row) => (row.id === 12 ? { ...row, postedAt: DAYS[3] as string } : row));
    const afterTie = patchSearchIndex(afterMove, 'v4', changeOf([12], tied));
    expect([...afterTie.newestOrder].map((position) => afterTie.ids[position])).toEqual([12, 11]);
    expectSame(afterTie, build('v4', tied));
  });

  it('empties and refills an index', () => {
    const row = rowOf(7, { department: 'Sales', employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 1, postedAt: DAYS[0] as string, places: [PLACES[2]!] });
    const empty = patchSearchIndex(build('v0', [row]), 'v1', changeOf([7], []));
    expectSame(empty, build('v1', []));
    expectSame(patchSearchIndex(empty, 'v2', changeOf([7], [row])), build('v2', [row]));
  });
});
