import { beforeAll, describe, expect, it } from 'vitest';
import { seedForTests } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { buildSearchIndex, SearchIndexBuilder, type SearchIndex } from '../../search-engine/search-index';
import { createSearchRepository } from './search.repository';
import { ACME, archivePosition, storedPositions, tenantIdOf } from './search.fixtures';

/** What a search can see of an index: every array and every facet, comparable with toEqual. */
function contents(index: SearchIndex) {
  return {
    ids: [...index.ids],
    postedAt: [...index.postedAt],
    isRemote: [...index.isRemote],
    newestOrder: [...index.newestOrder],
    places: index.places.map((place) => place.label),
    placeOffsets: [...index.placeOffsets],
    placeItems: [...index.placeItems],
    facets: [...index.facets].map(([key, column]) => [key, column.values, [...(column.single ?? [])], [...(column.offsets ?? [])], [...(column.items ?? [])]]),
  };
}

describe('SearchIndexBuilder', () => {
  const position = (id: number, department: string) => ({ id, department, employmentType: 'FULL_TIME', seniority: 'mid', isRemote: 0, postedAt: `2025-01-${String(id).padStart(2, '0')}T00:00:00Z` });
  const place = (positionId: number, city: string) => ({ positionId, city, region: null, country: 'GB', lat: city.length, lng: 0 });

  it('builds in chunks what it builds at once, skipping places of positions it was not given', () => {
    const positions = [position(2, 'A'), position(3, 'B'), position(5, 'A'), position(8, 'C'), position(9, 'B')];
    const places = [place(2, 'York'), place(2, 'Leeds'), place(2, 'York'), place(4, 'Hull'), place(5, 'Bath'), place(9, 'York')];
    const builder = new SearchIndexBuilder('v');
    builder.addPositions(positions.slice(0, 2));
    builder.addPlaces(places.slice(0, 3));
    builder.addPositions(positions.slice(2));
    builder.addPlaces(places.slice(3));
    const chunked = builder.build();
    expect(contents(chunked)).toEqual(contents(buildSearchIndex('v', positions, places)));
    // Position 3 and 8 have no place; 4 is not indexed (archived); a repeated place counts once.
    expect([...chunked.placeOffsets]).toEqual([0, 2, 2, 3, 3, 4]);
    expect(chunked.facets.get('department')?.values).toEqual(['A', 'B', 'C']);
  });

  it('refuses positions out of id order', () => {
    const builder = new SearchIndexBuilder('v');
    builder.addPositions([position(5, 'A')]);
    expect(() => builder.addPositions([position(5, 'A')])).toThrow();
  });
});

forEachDatabase('search repository', (context) => {
  beforeAll(async () => {
    await seedForTests(context(), 150);
    const stored = await storedPositions(context().database, ACME);
    // Gaps in the open ids, so chunk bounds fall between archived ones too.
    for (const { id } of stored.filter((_, at) => at % 9 === 4)) await archivePosition(context().database, ACME, id);
  });

  it('loads the same index in chunks of any size, open positions only', async () => {
    const { database } = context();
    const tenantId = await tenantIdOf(database, ACME);
    const load = async (indexChunkRows: number) => {
      const builder = new SearchIndexBuilder('v');
      await createSearchRepository(database.db, database.dialect, { indexChunkRows }).loadIndexRows(tenantId, builder);
      return builder.build();
    };
    const whole = await load(100_000);
    const open = (await storedPositions(database, ACME)).filter((position) => position.archivedAt === null);
    expect([...whole.ids]).toEqual(open.map((position) => position.id));
    expect(whole.placeItems.length).toBeGreaterThan(open.length);
    for (const size of [1, 7, 50, open.length]) expect(contents(await load(size))).toEqual(contents(whole));
  });
});
