import { FACET_SOURCES } from './facets';
import {
  buildPlace,
  Dictionary,
  facetColumn,
  idTableOf,
  placeKey,
  type ColumnName,
  type FacetColumn,
  type IndexPlaceRow,
  type IndexPositionRow,
  type Place,
  type SearchIndex,
} from './search-index';

/**
 * A tenant's index with some positions changed (issue 8 §2, QUALITY P12: "without rebuilding the tenant's
 * index"), from the index in memory and the changed positions' rows alone. Unchanged positions are never
 * turned back into rows: their columns are copied array to array (a few typed arrays of the tenant's size,
 * milliseconds at 100k), newestOrder is merged rather than sorted, and only the changed rows' strings and
 * places are looked at. The result is the index a full load would build: ids ascending, dictionaries and
 * places numbered by first appearance in id order (values and places no open position has any more leave),
 * newest-first order and ranks (search-index.patch.test.ts and search.incremental.test.ts check it against
 * rebuilds). The old index is not touched: searches in flight keep reading it, and arrays that cannot
 * change are shared.
 *
 * One case is not patched: a facet value keeps one spelling per case-insensitive key, the first
 * position's (as a load does), and the index does not keep each position's own spelling. So when a
 * column already spells some value two ways ("Sales", "sales") and the change edits or removes a
 * position, the spelling a load would take cannot be known: patchSearchIndex returns null and the
 * caller loads the tenant (exact, and only for tenants whose data spells a value two ways).
 */

export interface ChangedPositions {
  /** Every position the change touched (created, updated, archived). */
  ids: readonly number[];
  /** The open ones among them as they are now (archived and unknown ids have none), ascending by id. */
  positions: readonly IndexPositionRow[];
  /** Their places, by position id then ordinal. */
  places: readonly IndexPlaceRow[];
}

export function patchSearchIndex(index: SearchIndex, version: string, change: ChangedPositions): SearchIndex | null {
  const changed = Int32Array.from(new Set(change.ids)).sort();
  const fresh = [...change.positions].sort((a, b) => a.id - b.id);

  // The new order of positions (ids ascending): `source[i]` >= 0 is the old index of new position i,
  // -(k + 1) is fresh[k]. One walk of the old ids beside the sorted changed ids and fresh rows.
  const sourceAll = new Int32Array(index.size + fresh.length);
  let size = 0;
  let next = 0;
  let skip = 0;
  for (let at = 0; at < index.size; at += 1) {
    const id = index.ids[at] as number;
    while (next < fresh.length && (fresh[next] as IndexPositionRow).id < id) sourceAll[size++] = -(next++ + 1);
    while (skip < changed.length && (changed[skip] as number) < id) skip += 1;
    if (skip < changed.length && changed[skip] === id) continue;
    sourceAll[size++] = at;
  }
  while (next < fresh.length) sourceAll[size++] = -(next++ + 1);
  const touchesOld = size - fresh.length < index.size;
  for (const column of index.facets.values()) if (column.single !== null && column.hasCaseVariants && touchesOld) return null;
  const source = sourceAll.subarray(0, size);
  const newIndexOfOld = new Int32Array(index.size).fill(-1);

  const ids = new Int32Array(size);
  const postedAt = new Float64Array(size);
  const isRemote = new Uint8Array(size);
  for (let position = 0; position < size; position += 1) {
    const from = source[position] as number;
    if (from >= 0) {
      newIndexOfOld[from] = position;
      ids[position] = index.ids[from] as number;
      postedAt[position] = index.postedAt[from] as number;
      isRemote[position] = index.isRemote[from] as number;
    } else {
      const row = fresh[-from - 1] as IndexPositionRow;
      ids[position] = row.id;
      postedAt[position] = Date.parse(row.postedAt) || 0;
      isRemote[position] = row.isRemote ? 1 : 0;
    }
  }

  const { newestOrder, newestRank } = mergeNewestOrder(index, source, newIndexOfOld, ids, postedAt);
  const { places, placesByLat, placeOffsets, placeItems } = patchPlaces(index, source, fresh, change.places);

  const base = { version, size, ids, postedAt, isRemote, newestOrder, newestRank, ...idTableOf(ids), places, placesByLat, placeOffsets, placeItems };
  const facets = new Map<string, FacetColumn>();
  for (const [key, facetSource] of Object.entries(FACET_SOURCES)) {
    const old = index.facets.get(key);
    if (facetSource.kind === 'column' && old) facets.set(key, patchColumn(old, source, fresh, facetSource.column));
    else if (facetSource.kind === 'place' && old) facets.set(key, patchPlaceColumn(old, base, source, facetSource.field));
    else facets.set(key, facetColumn(key, facetSource, new Map(), base));
  }
  return { ...base, facets };
}

/**
 * newestOrder without a sort: the unchanged positions keep their relative order (their dates and ids did
 * not change, and renumbering keeps id order), so the old order is filtered and renumbered, then the
 * changed positions (sorted among themselves) are merged in by (postedAt desc, id desc).
 */
function mergeNewestOrder(index: SearchIndex, source: Int32Array, newIndexOfOld: Int32Array, ids: Int32Array, postedAt: Float64Array) {
  const size = source.length;
  const newer = (a: number, b: number) => (postedAt[b] as number) - (postedAt[a] as number) || (ids[b] as number) - (ids[a] as number);
  const freshPositions: number[] = [];
  for (let position = 0; position < size; position += 1) if ((source[position] as number) < 0) freshPositions.push(position);
  // Few: the changed positions only.
  freshPositions.sort(newer);
  const newestOrder = new Int32Array(size);
  let out = 0;
  let take = 0;
  // The next fresh position to place, and its key (none left: -Infinity, placed after everything).
  let freshDate = Number.NEGATIVE_INFINITY;
  let freshId = 0;
  const nextFresh = () => {
    const position = freshPositions[take];
    freshDate = position === undefined ? Number.NEGATIVE_INFINITY : (postedAt[position] as number);
    freshId = position === undefined ? 0 : (ids[position] as number);
  };
  nextFresh();
  for (let rank = 0; rank < index.newestOrder.length; rank += 1) {
    const position = newIndexOfOld[index.newestOrder[rank] as number] as number;
    if (position < 0) continue;
    const date = postedAt[position] as number;
    while (take < freshPositions.length && (freshDate > date || (freshDate === date && freshId > (ids[position] as number)))) {
      newestOrder[out++] = freshPositions[take++] as number;
      nextFresh();
    }
    newestOrder[out++] = position;
  }
  while (take < freshPositions.length) newestOrder[out++] = freshPositions[take++] as number;
  const newestRank = new Int32Array(size);
  for (let rank = 0; rank < size; rank += 1) newestRank[newestOrder[rank] as number] = rank;
  return { newestOrder, newestRank };
}

/**
 * A dictionary-encoded column: old value ids are copied, fresh rows' values looked up case-insensitively
 * (a new value is appended), then every value is renumbered by first appearance, as a load numbers them.
 */
function patchColumn(old: FacetColumn, source: Int32Array, fresh: readonly IndexPositionRow[], name: ColumnName): FacetColumn {
  const oldSingle = old.single as Int32Array;
  const values = [...old.values];
  const lookup = new Map(old.lookup);
  // Exact here: either nothing old left or changed (creates only), or no value had two spellings.
  let hasCaseVariants = old.hasCaseVariants;
  const freshIds = fresh.map((row) => {
    const key = row[name].toLowerCase();
    let id = lookup.get(key);
    if (id === undefined) {
      id = values.length;
      values.push(row[name]);
      lookup.set(key, id);
    }
    return id;
  });
  const renumber = new Int32Array(values.length).fill(-1);
  const spellings: string[] = [];
  // Without variants before, every old position spells its value as `values` does; fresh rows may not.
  const seenSpelling: (string | undefined)[] = [];
  const single = new Int32Array(source.length);
  for (let position = 0; position < source.length; position += 1) {
    const from = source[position] as number;
    const value = from >= 0 ? (oldSingle[from] as number) : (freshIds[-from - 1] as number);
    if (!hasCaseVariants) {
      const spelling = from >= 0 ? (values[value] as string) : (fresh[-from - 1] as IndexPositionRow)[name];
      const seen = seenSpelling[value];
      if (seen === undefined) seenSpelling[value] = spelling;
      else if (seen !== spelling) hasCaseVariants = true;
    }
    let id = renumber[value] as number;
    if (id < 0) {
      id = spellings.length;
      renumber[value] = id;
      // First seen on a fresh row: its spelling, as a load would take it.
      spellings.push(from >= 0 ? (values[value] as string) : (fresh[-from - 1] as IndexPositionRow)[name]);
    }
    single[position] = id;
  }
  const newLookup = new Map<string, number>();
  spellings.forEach((spelling, id) => newLookup.set(spelling.toLowerCase(), id));
  return { key: old.key, values: spellings, lookup: newLookup, single, offsets: null, items: null, hasCaseVariants };
}

/**
 * Places: unchanged positions' place lists are copied, fresh rows' places are found by their key among
 * the old places (or built), and places are renumbered by first appearance; placesByLat is re-sorted
 * (distinct places: far fewer than positions; kept as they were when no place changed number).
 */
function patchPlaces(index: SearchIndex, source: Int32Array, fresh: readonly IndexPositionRow[], freshPlaceRows: readonly IndexPlaceRow[]) {
  const candidates: Place[] = [...index.places];
  const freshPlaces = new Map<number, number[]>();
  if (freshPlaceRows.length > 0) {
    const byKey = new Map<string, number>();
    candidates.forEach((place, id) => byKey.set(placeKey(place), id));
    for (const row of freshPlaceRows) {
      const key = placeKey(row);
      let id = byKey.get(key);
      if (id === undefined) {
        id = candidates.length;
        candidates.push(buildPlace(row));
        byKey.set(key, id);
      }
      const list = freshPlaces.get(row.positionId);
      if (list === undefined) freshPlaces.set(row.positionId, [id]);
      else if (!list.includes(id)) list.push(id);
    }
  }

  const listOf = (from: number) => freshPlaces.get((fresh[-from - 1] as IndexPositionRow).id);
  let total = 0;
  for (let position = 0; position < source.length; position += 1) {
    const from = source[position] as number;
    total += from >= 0 ? (index.placeOffsets[from + 1] as number) - (index.placeOffsets[from] as number) : (listOf(from)?.length ?? 0);
  }
  const renumber = new Int32Array(candidates.length).fill(-1);
  const order: number[] = [];
  const placeOffsets = new Int32Array(source.length + 1);
  const placeItems = new Int32Array(total);
  let out = 0;
  for (let position = 0; position < source.length; position += 1) {
    placeOffsets[position] = out;
    const from = source[position] as number;
    if (from >= 0) {
      const end = index.placeOffsets[from + 1] as number;
      for (let item = index.placeOffsets[from] as number; item < end; item += 1) {
        const candidate = index.placeItems[item] as number;
        let id = renumber[candidate] as number;
        if (id < 0) {
          id = order.length;
          renumber[candidate] = id;
          order.push(candidate);
        }
        placeItems[out++] = id;
      }
    } else {
      for (const candidate of listOf(from) ?? []) {
        let id = renumber[candidate] as number;
        if (id < 0) {
          id = order.length;
          renumber[candidate] = id;
          order.push(candidate);
        }
        placeItems[out++] = id;
      }
    }
  }
  placeOffsets[source.length] = out;
  const renumbered = order.length !== index.places.length || order.some((candidate, id) => candidate !== id);
  const places = renumbered ? order.map((candidate) => candidates[candidate] as Place) : index.places;
  const placesByLat = renumbered ? Int32Array.from(places, (_, id) => id).sort((a, b) => (places[a]?.lat ?? 0) - (places[b]?.lat ?? 0)) : index.placesByLat;
  return { places, placesByLat, placeOffsets, placeItems };
}

/**
 * A place facet (city, country): its dictionary is made from the new places in place order, as a load
 * makes it (distinct places: few); unchanged positions' value lists are copied with their value ids
 * mapped old → new (their places, hence their values, are all still there), and fresh positions' lists
 * are made from their places (one value per distinct city or country).
 */
function patchPlaceColumn(old: FacetColumn, index: Omit<SearchIndex, 'facets'>, source: Int32Array, field: 'city' | 'country'): FacetColumn {
  const oldOffsets = old.offsets as Int32Array;
  const oldItems = old.items as Int32Array;
  const dictionary = new Dictionary();
  const placeValue = Int32Array.from(index.places, (place) => dictionary.idOf(place[field]));
  const oldToNew = Int32Array.from(old.values, (value) => dictionary.lookup.get(value.toLowerCase()) ?? -1);
  let total = 0;
  for (let position = 0; position < source.length; position += 1) {
    const from = source[position] as number;
    total += from >= 0 ? (oldOffsets[from + 1] as number) - (oldOffsets[from] as number) : (index.placeOffsets[position + 1] as number) - (index.placeOffsets[position] as number);
  }
  const offsets = new Int32Array(source.length + 1);
  const items = new Int32Array(total);
  let out = 0;
  for (let position = 0; position < source.length; position += 1) {
    offsets[position] = out;
    const from = source[position] as number;
    if (from >= 0) {
      const end = oldOffsets[from + 1] as number;
      for (let item = oldOffsets[from] as number; item < end; item += 1) items[out++] = oldToNew[oldItems[item] as number] as number;
    } else {
      const start = out;
      for (let item = index.placeOffsets[position] as number; item < (index.placeOffsets[position + 1] as number); item += 1) {
        const value = placeValue[index.placeItems[item] as number] as number;
        let seen = false;
        for (let at = start; at < out && !seen; at += 1) seen = items[at] === value;
        if (!seen) items[out++] = value;
      }
    }
  }
  offsets[source.length] = out;
  return { key: old.key, values: dictionary.values, lookup: dictionary.lookup, single: null, offsets, items: items.slice(0, out), hasCaseVariants: dictionary.hasCaseVariants };
}
