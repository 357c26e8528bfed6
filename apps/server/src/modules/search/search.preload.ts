import {
  bootQueryKeys,
  locationKind,
  parseSearchQuery,
  RESERVED_CAREERS_SEGMENTS,
  readSearchUrl,
  resultsCacheKey,
  searchApiParams,
  sortToSend,
  type PreloadedQuery,
  type SearchState,
} from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { tenantOf } from '../../http/request-context';
import { PreloadSkippedError, type ShellPreloadResolver } from '../shell/shell.preload';
import type { SearchService } from './search.service';

const PRELOAD_WINDOW_MS = 60_000;

export interface SearchPreloadOptions {
  search: SearchService;
  clock: Clock;
  /** Preloaded searches per client IP and minute: the API's own limit (T06), so pages cannot scrape past it. */
  perMinute: number;
}

/** The search page's path parameters (spec §2), or null when the path is not the search page. */
export function searchPagePath(path: string): { pathQuery?: string; pathLocation?: string } | null {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments[0] !== 'careers') return null;
  const rest = segments.slice(1);
  if (rest.length === 0) return {};
  if (rest.length === 1 && rest[0]?.toLowerCase() === 'search') return {};
  if (rest.length > 2 || RESERVED_CAREERS_SEGMENTS.has(rest[0]?.toLowerCase() ?? '')) return null;
  try {
    // React Router hands the page its path parameters URI-decoded.
    return { pathQuery: decodeURIComponent(rest[0] ?? ''), pathLocation: rest[1] === undefined ? undefined : decodeURIComponent(rest[1]) };
  } catch {
    return null;
  }
}

/** The raw query object as Fastify's parser gives it to the search route: strings, arrays when repeated. */
function rawQuery(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  params.forEach((value, name) => {
    const previous = raw[name];
    raw[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  });
  return raw;
}

/** A fixed-window count of preloaded searches per client address. */
function createPreloadBudget(clock: Clock, perMinute: number) {
  let windowStart = 0;
  const counts = new Map<string, number>();
  return (ip: string): boolean => {
    const now = clock.now().getTime();
    if (now - windowStart >= PRELOAD_WINDOW_MS) {
      counts.clear();
      windowStart = now;
    }
    const used = counts.get(ip) ?? 0;
    if (used >= perMinute) return false;
    counts.set(ip, used + 1);
    return true;
  };
}

/**
 * The search page's first search (/careers, /careers/search, /careers/{query}/{location}), answered
 * while the HTML renders: the address is read exactly as the page reads it (contracts readSearchUrl with
 * the tenant's filter keys), so the request, its query key and the answer are the ones the page would
 * have fetched — for this visitor, with their saved flags. Nothing when the page would not search at
 * once (current location waits for the browser's position) or would search differently (`debug`).
 */
export function createSearchPreload({ search, clock, perMinute }: SearchPreloadOptions): ShellPreloadResolver {
  const hasBudget = createPreloadBudget(clock, perMinute);
  return async (request: FastifyRequest, path: string): Promise<PreloadedQuery[]> => {
    const pathParams = searchPagePath(path);
    if (!pathParams) return [];
    const queryAt = request.url.indexOf('?');
    const pageParams = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
    if (pageParams.has('debug')) return [];

    const tenant = tenantOf(request);
    const { searchConfig, searchOptionsMap } = tenant.config.pcsxConfig;
    const url = readSearchUrl(pageParams, {
      searchOptionsMap,
      filterKeys: [...new Set([...searchConfig.smartFilters, ...searchConfig.allFilters])],
      ...pathParams,
    });
    if (locationKind(url.location) === 'current_location') return [];

    const state: SearchState = {
      query: url.query,
      location: url.location,
      start: url.start,
      filters: url.filters,
      sortOption: url.sortBy,
      selectedPid: url.pid,
      latlong: null,
      bounds: null,
    };
    const sortBy = sortToSend(state, { query: state.query, location: state.location });
    const parsed = parseSearchQuery(rawQuery(searchApiParams(state, { sortBy })));
    // The page's own request would be refused too: let it ask, and show the API's error.
    if (!parsed.ok) return [];
    // Skipped, not empty: the page lacks an answer another visitor would get, so it is not shared.
    if (!hasBudget(request.ip)) throw new PreloadSkippedError('the visitor has used this minute\'s preloaded searches');

    const result = await search.search({
      tenant,
      query: parsed.value,
      candidateId: request.session?.candidate.id ?? null,
      withDebug: false,
    });
    const key = bootQueryKeys.search(resultsCacheKey({ ...state, sortOption: sortBy ?? null }));
    return [{ key: [...key], data: result }];
  };
}
