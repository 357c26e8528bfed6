import { SearchIndexBuilder, type IndexPlaceRow, type IndexPositionRow, type SearchIndex } from './search-index';

/**
 * A tenant's index with some positions changed (issue 8 §2), from the index in memory and the changed
 * positions' rows alone: no read of the tenant's other rows (a full load is ~1 s at 100k positions, most
 * of it the database and its JSON). Every unchanged position's row is read back out of the typed arrays
 * and everything goes through the one SearchIndexBuilder, in id order, so the result is the index a full
 * load would build — dictionaries, place numbering and orders included (search-index.patch.test.ts
 * checks it against rebuilds). The old index is left as it is: searches in flight keep reading it.
 */

export interface ChangedPositions {
  /** Every position the change touched (created, updated, archived). */
  ids: readonly number[];
  /** The open ones among them as they are now (archived and unknown ids have none), ascending by id. */
  positions: readonly IndexPositionRow[];
  /** Their places, by position id then ordinal. */
  places: readonly IndexPlaceRow[];
}

/** Rows handed to the builder at a time (search.repository.ts INDEX_CHUNK_ROWS does the same for loads). */
const CHUNK = 10_000;

export function patchSearchIndex(index: SearchIndex, version: string, change: ChangedPositions): SearchIndex {
  const changed = new Set(change.ids);
  const columnValues = (key: string): ((position: number) => string) => {
    const column = index.facets.get(key);
    if (!column?.single) throw new Error(`The index has no column ${key}`);
    const { single, values } = column;
    return (position) => values[single[position] as number] as string;
  };
  const department = columnValues('department');
  const employmentType = columnValues('employment_type');
  const seniority = columnValues('seniority');

  const placesOf = new Map<number, IndexPlaceRow[]>();
  for (const place of change.places) {
    const list = placesOf.get(place.positionId);
    if (list) list.push(place);
    else placesOf.set(place.positionId, [place]);
  }

  const builder = new SearchIndexBuilder(version);
  let positions: IndexPositionRow[] = [];
  let places: IndexPlaceRow[] = [];
  const flush = () => {
    builder.addPositions(positions);
    builder.addPlaces(places);
    positions = [];
    places = [];
  };
  const fromIndex = (at: number) => {
    const id = index.ids[at] as number;
    positions.push({
      id,
      department: department(at),
      employmentType: employmentType(at),
      seniority: seniority(at),
      isRemote: index.isRemote[at] as number,
      postedAt: new Date(index.postedAt[at] as number).toISOString(),
    });
    for (let item = index.placeOffsets[at] as number; item < (index.placeOffsets[at + 1] as number); item += 1) {
      const place = index.places[index.placeItems[item] as number];
      if (place) places.push({ positionId: id, city: place.city, region: place.region, country: place.country, lat: place.lat, lng: place.lng });
    }
  };
  const fromChange = (row: IndexPositionRow) => {
    positions.push(row);
    for (const place of placesOf.get(row.id) ?? []) places.push(place);
  };

  const fresh = [...change.positions].sort((a, b) => a.id - b.id);
  let next = 0;
  for (let at = 0; at < index.size; at += 1) {
    const id = index.ids[at] as number;
    while (next < fresh.length && (fresh[next] as IndexPositionRow).id < id) fromChange(fresh[next++] as IndexPositionRow);
    if (!changed.has(id)) fromIndex(at);
    if (positions.length >= CHUNK) flush();
  }
  while (next < fresh.length) fromChange(fresh[next++] as IndexPositionRow);
  flush();
  return builder.build();
}
