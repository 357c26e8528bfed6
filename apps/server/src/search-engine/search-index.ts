import { locationText } from '@careers/contracts';
import { countryCode } from '../kernel/country-code';
import { FACET_SOURCES, type FacetSource } from './facets';
import { normalizeSearchText } from './search-terms';

/**
 * A tenant's open positions as typed arrays: the narrow "facet table" search filters, counts, sorts
 * and pages in memory (P3: head terms such as "manager" match tens of thousands of positions, and
 * counting five facets over them in SQL costs tens of milliseconds; here it is one pass over arrays).
 * Built from the covering index positions_search_facets_idx and position_locations, tagged with the
 * tenant's search_index_versions value, and rebuilt when that changes. Archived positions are never
 * loaded, so they can never be found (issue 3). About 40 bytes per position: 4 MB at 100k.
 */

export interface IndexPositionRow {
  id: number;
  department: string;
  employmentType: string;
  seniority: string;
  isRemote: number;
  postedAt: string;
}

export interface IndexPlaceRow {
  positionId: number;
  city: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
}

export interface Place {
  city: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
  /** "Boston, MA, United States": marker and option labels. */
  label: string;
  /** Normalised words of city, region, country and the country code, for typed locations. */
  words: Set<string>;
  cityWords: string[];
}

/** Dictionary-encoded values of one filter key: one id per position, or several (places). */
export interface FacetColumn {
  key: string;
  values: string[];
  /** Lower-cased value → id: filter params match case-insensitively. */
  lookup: Map<string, number>;
  /** Position index → value id (single-valued facets). */
  single: Int32Array | null;
  /** Position index → value ids items[offsets[i] .. offsets[i+1]) (multi-valued facets). */
  offsets: Int32Array | null;
  items: Int32Array | null;
  /**
   * Whether some value is spelled two ways ("Sales", "sales"): values keep the first position's spelling,
   * which an incremental patch cannot recompute once that position leaves (search-index.patch.ts).
   */
  hasCaseVariants: boolean;
}

export interface SearchIndex {
  version: string;
  size: number;
  /** Position ids, ascending; the index of a position is its place here. */
  ids: Int32Array;
  postedAt: Float64Array;
  isRemote: Uint8Array;
  /** Position indices, newest posting first (ties: higher id first). */
  newestOrder: Int32Array;
  /** Position index → its place in newestOrder (the tie-break of equal text scores). */
  newestRank: Int32Array;
  /**
   * id - idBase → position index (-1: not indexed), when ids are dense enough for a table (always in
   * practice: ids are one sequence shared by few tenants); null otherwise, and indexOfId searches.
   */
  idTable: Int32Array | null;
  idBase: number;
  places: Place[];
  /** Place indices sorted by latitude: the bounding-box prefilter narrows a band by binary search. */
  placesByLat: Int32Array;
  placeOffsets: Int32Array;
  placeItems: Int32Array;
  facets: Map<string, FacetColumn>;
}

/** A table costs 4 bytes per id in range; beyond this many ids per position, binary search instead. */
const ID_TABLE_MAX_SPREAD = 16;

export function indexOfId(index: SearchIndex, id: number): number {
  if (index.idTable !== null) {
    const slot = id - index.idBase;
    return slot >= 0 && slot < index.idTable.length ? (index.idTable[slot] as number) : -1;
  }
  let low = 0;
  let high = index.size - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = index.ids[middle] ?? 0;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

export function idTableOf(ids: Int32Array): { idTable: Int32Array | null; idBase: number } {
  const first = ids[0];
  const last = ids[ids.length - 1];
  if (first === undefined || last === undefined) return { idTable: null, idBase: 0 };
  const spread = last - first + 1;
  if (spread > Math.max(1024, ids.length * ID_TABLE_MAX_SPREAD)) return { idTable: null, idBase: 0 };
  const idTable = new Int32Array(spread).fill(-1);
  for (let position = 0; position < ids.length; position += 1) idTable[(ids[position] as number) - first] = position;
  return { idTable, idBase: first };
}

export class Dictionary {
  readonly values: string[] = [];
  readonly lookup = new Map<string, number>();
  hasCaseVariants = false;

  idOf(value: string): number {
    const key = value.toLowerCase();
    let id = this.lookup.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.lookup.set(key, id);
    } else if (!this.hasCaseVariants && this.values[id] !== value) {
      this.hasCaseVariants = true;
    }
    return id;
  }
}

export function buildPlace(row: IndexPlaceRow): Place {
  const code = countryCode(row.country);
  const cityWords = normalizeSearchText(row.city).split(' ').filter(Boolean);
  const words = new Set([
    ...cityWords,
    ...normalizeSearchText(row.region ?? '').split(' '),
    ...normalizeSearchText(row.country).split(' '),
    ...(code ? [code.toLowerCase()] : []),
    // What people type for two countries whose codes they rarely use.
    ...(code === 'GB' ? ['uk'] : code === 'US' ? ['usa'] : []),
  ]);
  words.delete('');
  return {
    city: row.city,
    region: row.region,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    label: locationText(row),
    words,
    cityWords,
  };
}

/** A place's identity: the same place on two positions is one entry of SearchIndex.places. */
export function placeKey(row: Pick<IndexPlaceRow, 'city' | 'region' | 'country' | 'lat' | 'lng'>): string {
  return `${row.city}\u0000${row.region ?? ''}\u0000${row.country}\u0000${row.lat}\u0000${row.lng}`;
}

/** Whether items[from..] holds value (a position's few places), without copying them. */
export function includesFrom(items: readonly number[], from: number, value: number): boolean {
  for (let at = from; at < items.length; at += 1) if (items[at] === value) return true;
  return false;
}

/** A two-valued column of a 0/1 array, values numbered by first appearance (no string per position). */
function flagColumn(key: string, flags: Uint8Array, yes: string, no: string): FacetColumn {
  const dictionary = new Dictionary();
  const idOfFlag = new Int32Array([-1, -1]);
  const single = new Int32Array(flags.length);
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index] === 1 ? 1 : 0;
    let id = idOfFlag[flag] as number;
    if (id < 0) {
      id = dictionary.idOf(flag === 1 ? yes : no);
      idOfFlag[flag] = id;
    }
    single[index] = id;
  }
  return { key, values: dictionary.values, lookup: dictionary.lookup, single, offsets: null, items: null, hasCaseVariants: false };
}

function placeColumn(key: string, index: Omit<SearchIndex, 'facets'>, field: 'city' | 'country'): FacetColumn {
  const dictionary = new Dictionary();
  const placeValue = index.places.map((place) => dictionary.idOf(place[field]));
  const offsets = new Int32Array(index.size + 1);
  const items: number[] = [];
  for (let position = 0; position < index.size; position += 1) {
    offsets[position] = items.length;
    const start = items.length;
    for (let at = index.placeOffsets[position] ?? 0; at < (index.placeOffsets[position + 1] ?? 0); at += 1) {
      const value = placeValue[index.placeItems[at] ?? 0] ?? 0;
      // A job in three US cities counts once for "United States".
      if (!includesFrom(items, start, value)) items.push(value);
    }
  }
  offsets[index.size] = items.length;
  return { key, values: dictionary.values, lookup: dictionary.lookup, single: null, offsets, items: Int32Array.from(items), hasCaseVariants: dictionary.hasCaseVariants };
}

/** The positions columns facets of kind 'column' read. */
export type ColumnName = Extract<FacetSource, { kind: 'column' }>['column'];
const COLUMN_NAMES: readonly ColumnName[] = ['department', 'employmentType', 'seniority'];

export function facetColumn(key: string, source: FacetSource, columns: ReadonlyMap<ColumnName, { dictionary: Dictionary; ids: number[] }>, base: Omit<SearchIndex, 'facets'>): FacetColumn {
  switch (source.kind) {
    case 'column': {
      const column = columns.get(source.column);
      const dictionary = column?.dictionary ?? new Dictionary();
      return { key, values: dictionary.values, lookup: dictionary.lookup, single: Int32Array.from(column?.ids ?? []), offsets: null, items: null, hasCaseVariants: dictionary.hasCaseVariants };
    }
    case 'remote':
      return flagColumn(key, base.isRemote, 'true', 'false');
    case 'workLocation':
      return flagColumn(key, base.isRemote, 'remote', 'onsite');
    case 'place':
      return placeColumn(key, base, source.field);
  }
}

/**
 * Builds a tenant's index from its rows in chunks (P10: a whole tenant's rows as objects at once cost
 * more memory than the index itself, and the process keeps the heap it grew): positions sorted by id
 * (open positions only), then each chunk's places sorted by position id then ordinal (rows of positions
 * not added, e.g. archived ones, are skipped). A place row must come after its position's.
 */
export class SearchIndexBuilder {
  private readonly ids: number[] = [];
  private readonly postedAt: number[] = [];
  private readonly isRemote: number[] = [];
  private readonly columns = new Map(COLUMN_NAMES.map((name) => [name, { dictionary: new Dictionary(), ids: [] as number[] }] as const));
  private readonly places: Place[] = [];
  private readonly placeIds = new Map<string, number>();
  private readonly placeOffsets: number[] = [];
  private readonly placeItems: number[] = [];
  /** The position whose places are being added; positions before it are complete. */
  private placing = -1;

  constructor(private readonly version: string) {}

  addPositions(rows: readonly IndexPositionRow[]): void {
    for (const row of rows) {
      const last = this.ids[this.ids.length - 1];
      if (last !== undefined && row.id <= last) throw new Error('Index positions must come in ascending id order');
      this.ids.push(row.id);
      this.postedAt.push(Date.parse(row.postedAt) || 0);
      this.isRemote.push(row.isRemote ? 1 : 0);
      for (const [name, column] of this.columns) column.ids.push(column.dictionary.idOf(row[name]));
    }
  }

  addPlaces(rows: readonly IndexPlaceRow[]): void {
    for (const row of rows) {
      const position = this.positionOf(row.positionId);
      if (position < 0) continue;
      this.placeUpTo(position);
      const key = placeKey(row);
      let placeId = this.placeIds.get(key);
      if (placeId === undefined) {
        placeId = this.places.length;
        this.places.push(buildPlace(row));
        this.placeIds.set(key, placeId);
      }
      if (!includesFrom(this.placeItems, this.placeOffsets[position] as number, placeId)) this.placeItems.push(placeId);
    }
  }

  build(): SearchIndex {
    const size = this.ids.length;
    this.placeUpTo(size);
    const ids = Int32Array.from(this.ids);
    const postedAt = Float64Array.from(this.postedAt);
    const isRemote = Uint8Array.from(this.isRemote);
    const newestOrder = Int32Array.from({ length: size }, (_, index) => index).sort(
      (a, b) => (postedAt[b] ?? 0) - (postedAt[a] ?? 0) || (ids[b] ?? 0) - (ids[a] ?? 0),
    );
    const newestRank = new Int32Array(size);
    newestOrder.forEach((position, rank) => {
      newestRank[position] = rank;
    });
    const places = this.places;
    const placesByLat = Int32Array.from(places, (_, index) => index).sort((a, b) => (places[a]?.lat ?? 0) - (places[b]?.lat ?? 0));
    const base = {
      version: this.version,
      size,
      ids,
      postedAt,
      isRemote,
      newestOrder,
      newestRank,
      ...idTableOf(ids),
      places,
      placesByLat,
      placeOffsets: Int32Array.from(this.placeOffsets),
      placeItems: Int32Array.from(this.placeItems),
    };
    const facets = new Map<string, FacetColumn>();
    for (const [key, source] of Object.entries(FACET_SOURCES)) facets.set(key, facetColumn(key, source, this.columns, base));
    return { ...base, facets };
  }

  /** The index of the position with this id, or -1 (places come in id order: search from the one being placed). */
  private positionOf(id: number): number {
    let low = Math.max(0, this.placing);
    let high = this.ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.ids[middle] as number;
      if (value === id) return middle;
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Opens the place list of `position`, closing those before it (placeOffsets[size] closes the last). */
  private placeUpTo(position: number): void {
    while (this.placing < position) {
      this.placing += 1;
      this.placeOffsets[this.placing] = this.placeItems.length;
    }
  }
}

export function buildSearchIndex(version: string, positions: readonly IndexPositionRow[], placeRows: readonly IndexPlaceRow[]): SearchIndex {
  const builder = new SearchIndexBuilder(version);
  builder.addPositions(positions);
  builder.addPlaces(placeRows);
  return builder.build();
}
