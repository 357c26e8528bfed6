import type { LatLng } from '@careers/contracts';
import { haversineMiles } from './geo';
import type { FacetColumn, SearchIndex } from './search-index';

/**
 * One pass over the candidates of a search (issue 3): the result set (every filter holds), its total,
 * one page in order, and the facet counts computed the e-commerce way — each filter's options are
 * counted on the results of all the OTHER filters, so a candidate can widen a selection (pick a second
 * department) as well as narrow it. Free text and location are not facets: they bound every count.
 */

export interface FilterPlan {
  column: FacetColumn;
  /** Value ids of `column` the filter accepts (values are OR-ed; filters are AND-ed). */
  allowed: Uint8Array;
}

export type ResultOrder = 'rank' | 'newest' | 'distance';

export interface EvaluationPlan {
  /** Free-text matches as position indices, newest first (text-matches.ts); null when there is no free text. */
  text: Int32Array | null;
  /** Places the location allows; null when the location sets no place. */
  placeMask: Uint8Array | null;
  remoteOnly: boolean;
  filters: FilterPlan[];
  /** Columns whose options to count. */
  facetColumns: FacetColumn[];
  order: ResultOrder;
  /** Required for order 'distance'. */
  distanceFrom: LatLng | null;
  start: number;
  pageSize: number;
  markers: boolean;
}

export interface MarkerCount {
  place: number;
  isRemote: boolean;
  count: number;
}

export interface Evaluation {
  count: number;
  /** Position indices of the page, in order; empty for order 'rank', which the caller pages (rank-page.ts). */
  page: number[];
  /** Order 'rank': the places in plan.text of every result, ascending (newest first); otherwise null. */
  textResults: Int32Array | null;
  /** Column key → count per value id. */
  facetCounts: Map<string, Int32Array>;
  markers: MarkerCount[];
}

/** One facet column as the hot loop reads it: a filter (allowed set) and/or a counter. */
interface Slot {
  single: Int32Array | null;
  offsets: Int32Array | null;
  items: Int32Array | null;
  /** Accepted value ids; null for a facet that is counted but not filtered. */
  allowed: Uint8Array | null;
  /** Counts per value id; null for a filter whose facet is not shown. */
  counts: Int32Array | null;
}

function slotFor(column: FacetColumn, allowed: Uint8Array | null, counts: Int32Array | null): Slot {
  return { single: column.single, offsets: column.offsets, items: column.items, allowed, counts };
}

function passes(slot: Slot, position: number): boolean {
  const allowed = slot.allowed as Uint8Array;
  if (slot.single !== null) return allowed[slot.single[position] as number] === 1;
  const offsets = slot.offsets as Int32Array;
  const items = slot.items as Int32Array;
  for (let at = offsets[position] as number, end = offsets[position + 1] as number; at < end; at += 1) {
    if (allowed[items[at] as number] === 1) return true;
  }
  return false;
}

function count(slot: Slot, position: number): void {
  const counts = slot.counts;
  if (counts === null) return;
  if (slot.single !== null) {
    const value = slot.single[position] as number;
    counts[value] = (counts[value] as number) + 1;
    return;
  }
  const offsets = slot.offsets as Int32Array;
  const items = slot.items as Int32Array;
  for (let at = offsets[position] as number, end = offsets[position + 1] as number; at < end; at += 1) {
    const value = items[at] as number;
    counts[value] = (counts[value] as number) + 1;
  }
}

/**
 * From this many candidates, and at least one in SEQUENTIAL_MAX_SPREAD of the index, candidates are
 * filtered in index order rather than in result order (evaluate).
 */
const SEQUENTIAL_MIN_CANDIDATES = 4096;
const SEQUENTIAL_MAX_SPREAD = 16;

/** How candidates are filtered: 'auto' picks by their number (tests force each way). */
export type CandidateWalk = 'auto' | 'indexOrder' | 'resultOrder';

export function evaluate(index: SearchIndex, plan: EvaluationPlan, walk: CandidateWalk = 'auto'): Evaluation {
  const { placeMask, remoteOnly, distanceFrom } = plan;
  const { placeOffsets, placeItems, isRemote, places } = index;
  const facetCounts = new Map(plan.facetColumns.map((column) => [column.key, new Int32Array(column.values.length)] as const));
  // Filters first (slots 0 .. filterCount-1), then the facets that are only counted.
  const slots: Slot[] = plan.filters.map((filter) => slotFor(filter.column, filter.allowed, facetCounts.get(filter.column.key) ?? null));
  const filterCount = slots.length;
  for (const column of plan.facetColumns) {
    if (!plan.filters.some((filter) => filter.column.key === column.key)) slots.push(slotFor(column, null, facetCounts.get(column.key) ?? null));
  }
  const markerCounts = plan.markers ? new Int32Array(places.length * 2) : null;
  const byDistance = plan.order === 'distance' && distanceFrom !== null;

  // Text matches are already newest first, so every order walks only them when there is text.
  const order = plan.text ?? index.newestOrder;
  const byRank = plan.order === 'rank' && plan.text !== null;
  const textResults = byRank ? new Int32Array(order.length) : null;
  const pageStart = plan.start;
  const pageEnd = plan.start + plan.pageSize;
  const page: number[] = [];
  const distances: [number, number][] = [];
  let total = 0;

  /** Filters and counts one candidate; true when it is a result. */
  const consider = (position: number): boolean => {
    if (remoteOnly && isRemote[position] !== 1) return false;
    const placesStart = placeOffsets[position] as number;
    const placesEnd = placeOffsets[position + 1] as number;
    if (placeMask !== null) {
      let isAllowed = false;
      for (let item = placesStart; item < placesEnd && !isAllowed; item += 1) isAllowed = placeMask[placeItems[item] as number] === 1;
      if (!isAllowed) return false;
    }

    let failures = 0;
    let failed = 0;
    for (let slot = 0; slot < filterCount && failures < 2; slot += 1) {
      if (!passes(slots[slot] as Slot, position)) {
        failures += 1;
        failed = slot;
      }
    }
    if (failures === 1) {
      // Fails only this filter: it still counts towards this filter's own options.
      count(slots[failed] as Slot, position);
      return false;
    }
    if (failures > 1) return false;

    for (let slot = 0; slot < slots.length; slot += 1) count(slots[slot] as Slot, position);
    if (markerCounts !== null) {
      const offset = isRemote[position] === 1 ? places.length : 0;
      for (let item = placesStart; item < placesEnd; item += 1) {
        const place = placeItems[item] as number;
        if (placeMask === null || placeMask[place] === 1) markerCounts[offset + place] = (markerCounts[offset + place] as number) + 1;
      }
    }
    return true;
  };

  /** A result, in order (`at`: its place in `order`). */
  const emit = (at: number, position: number): void => {
    if (byDistance) {
      let nearest = Number.POSITIVE_INFINITY;
      for (let item = placeOffsets[position] as number; item < (placeOffsets[position + 1] as number); item += 1) {
        const place = places[placeItems[item] as number];
        if (place) nearest = Math.min(nearest, haversineMiles(distanceFrom, place));
      }
      distances.push([position, nearest]);
    } else if (textResults !== null) {
      textResults[total] = at;
    } else if (total >= pageStart && total < pageEnd) {
      page.push(position);
    }
    total += 1;
  };

  const inIndexOrder =
    walk === 'indexOrder' || (walk === 'auto' && order.length >= SEQUENTIAL_MIN_CANDIDATES && order.length * SEQUENTIAL_MAX_SPREAD >= index.size);
  if (inIndexOrder) {
    // Many candidates: filtered and counted in index order, reading the columns front to back (in newest
    // order every column read was a cache miss: 350 ms for a million candidates instead of tens), then
    // emitted in order.
    const candidate = plan.text === null ? null : new Uint8Array(index.size);
    if (candidate !== null) for (let at = 0; at < order.length; at += 1) candidate[order[at] as number] = 1;
    const isResult = new Uint8Array(index.size);
    for (let position = 0; position < index.size; position += 1) {
      if (candidate !== null && candidate[position] !== 1) continue;
      if (consider(position)) isResult[position] = 1;
    }
    for (let at = 0; at < order.length; at += 1) {
      const position = order[at] as number;
      if (isResult[position] === 1) emit(at, position);
    }
  } else {
    for (let at = 0; at < order.length; at += 1) {
      const position = order[at] as number;
      if (consider(position)) emit(at, position);
    }
  }

  if (byDistance) {
    // Stable: equal distances keep newest first, the order they were collected in.
    distances.sort((a, b) => a[1] - b[1]);
    for (const [position] of distances.slice(pageStart, pageEnd)) page.push(position);
  }

  const markers: MarkerCount[] = [];
  if (markerCounts !== null) {
    markerCounts.forEach((markerCount, slot) => {
      if (markerCount > 0) markers.push({ place: slot % places.length, isRemote: slot >= places.length, count: markerCount });
    });
  }
  return { count: total, page, textResults: textResults?.subarray(0, total) ?? null, facetCounts, markers };
}
