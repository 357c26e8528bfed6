import { performance } from 'node:perf_hooks';
import { SEARCH_PAGE_SIZE, type PcsxConfig, type PlaceSuggestion, type SearchPosition, type SearchQuery, type SearchResponse } from '@careers/contracts';
import type { Clock } from '../../clock';
import type { Dialect } from '../../db/database';
import { NO_USER_ACTIONS, presentSearchPosition } from '../positions/positions.presenter';
import type { PositionsRepository } from '../positions/positions.repository';
import type { Tenant } from '../tenants/tenants.service';
import { deletionVariants, isTypoTolerant, pickTypoVariants, searchTerms, withTypoVariants, type SearchTerm } from '../../search-engine/search-terms';
import { LruCache } from '../../search-engine/lru';
import { evaluate } from '../../search-engine/search-engine';
import { rankedPage } from '../../search-engine/rank-page';
import type { PositionsChange } from '../positions/positions-changes';
import { indexOfId, SearchIndexBuilder, type SearchIndex } from '../../search-engine/search-index';
import { patchSearchIndex } from '../../search-engine/search-index.patch';
import { buildEvaluationPlan, configuredFilterKeys, resolveFilters } from '../../search-engine/search-plan';
import { presentSearchResponse, type Correction } from './search.presenter';
import type { SearchRepository } from './search.repository';
import { buildTextMatches, textMatchesBytes, type TextMatches } from '../../search-engine/text-matches';
import { suggestPlaces } from '../../search-engine/place-suggest';

/**
 * GET /api/pcsx/search (spec §7, issue 3). In memory unless a cache is cold: the tenant's index
 * (rebuilt when its version changes; the version is read at most once per SEARCH_REFRESH_MS), the
 * free-text matches of the normalised words with their title tiers and scores (LRU: head terms are
 * few and hot; postings-matcher.ts, text-matches.ts, rank-page.ts), and whole anonymous answers (LRU
 * keyed by tenant, version and the normalised query); the signed-in candidate's saved/cart flags are
 * added last. The service answers with objects; the route serialises them (search.presenter.ts
 * searchBody, once per cached anonymous answer), as every other module presents after its service.
 */

/**
 * How stale a process's view of a tenant's positions may be: a change (an archived job) reaches
 * every process's searches within this time — Elasticsearch's default refresh interval, for the same
 * reason: reading the version on every search would cost more than the search itself.
 */
export const SEARCH_REFRESH_MS = 1000;

export interface SearchInput {
  tenant: Tenant;
  query: SearchQuery;
  /** The signed-in candidate (positionUserActions, savedSearchMetadata). */
  candidateId: string | null;
  /** debugData is allowed (the route decides: `debug` set and not production, T23). */
  withDebug: boolean;
}

/** contracts SearchResponse, with debugData when the route allowed it. */
export type SearchResult = SearchResponse & { debugData?: Record<string, unknown> };

export interface SearchService {
  /**
   * The answer for this visitor. A hot anonymous answer is the same object on every call while it is
   * cached (never mutate it), so what presents it may keep its serialised form beside it.
   */
  search(input: SearchInput): Promise<SearchResult>;
  /** Builds the tenant's index ahead of its first search (about a second at 100k positions). */
  warmUp(tenant: Tenant): Promise<void>;
  /**
   * Issue 8 §2: applies a change of the tenant's positions to its index in memory (search-index.patch.ts)
   * when the index is at the change's previous version; otherwise the next search loads it afresh.
   */
  applyChange(change: PositionsChange): void;
  /** The tenant's places that match typed location text, best first (place-suggest.ts, issue 8 §6). */
  suggestPlaces(tenant: Tenant, text: string): Promise<PlaceSuggestion[]>;
  /**
   * Issue 12 job alerts: for each search, which of `ids` it finds now — the same text matching (typo tolerance
   * included), location and filters as search() runs, on the same index, only walking `ids`; so an alert
   * never names a job its search would not show.
   */
  matchPositions(tenant: Tenant, queries: readonly MatchQuery[], ids: readonly number[]): Promise<Set<number>[]>;
}

/** What matching reads of a search (a saved search keeps only these). */
export type MatchQuery = Pick<SearchQuery, 'query' | 'location' | 'locationKind' | 'filters' | 'distanceMiles' | 'latlong' | 'bounds'>;

/** The signed-in candidate's saved search for a search, if any (modules/saved-searches). */
export interface SavedSearchLookup {
  findId(tenantId: string, candidateId: string, query: SearchQuery): Promise<string | null>;
}

interface TextEntry {
  matches: TextMatches;
  corrections: Correction[];
  engineQuery: string;
}

interface CachedAnswer {
  response: SearchResponse;
  /** Ids of the page, for the candidate's flags. */
  pageIds: number[];
  /** The answer for a visitor who is not signed in (one object while cached: see SearchService.search). */
  anonymous: SearchResponse;
  /** Approximate memory held by the answer and its serialised form (approximateJsonBytes). */
  bytes: number;
}

export interface SearchServiceDeps {
  repository: SearchRepository;
  positions: PositionsRepository;
  dialect: Dialect;
  clock: Clock;
  /** Issue 12: savedSearchMetadata.isSaved (absent: nothing is saved). */
  savedSearches?: SavedSearchLookup;
}

/** Hot head terms fit comfortably: an entry is 13 bytes per matching position (1.3 MB at most at 100k). */
const TEXT_CACHE_ENTRIES = 256;
const TEXT_CACHE_BYTES = 32 * 1024 * 1024;
const ANSWER_CACHE_ENTRIES = 1000;
/** An answer is about 20 KB of JSON, held as text and as objects (UTF-16: twice its length, twice over). */
const ANSWER_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * The length of `value`'s JSON text, approximately (keys, strings and numbers; punctuation counted per
 * member), without writing it: sizes a cached answer for its LRU, whose serialised form the presenter
 * keeps beside it.
 */
export function approximateJsonBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  if (value === null || value === undefined) return 4;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + approximateJsonBytes(item) + 1, 2);
  if (typeof value === 'object') {
    let sum = 2;
    for (const [key, item] of Object.entries(value)) if (item !== undefined) sum += key.length + 4 + approximateJsonBytes(item);
    return sum;
  }
  return 0;
}

const elapsed = (since: number): number => Math.round((performance.now() - since) * 1000) / 1000;

export function createSearchService(deps: SearchServiceDeps): SearchService {
  const { repository, positions } = deps;
  const indexes = new Map<string, { version: string; index: Promise<SearchIndex> }>();
  const versions = new Map<string, { version: string; readAt: number }>();
  const textCache = new LruCache<TextEntry>(TEXT_CACHE_ENTRIES, TEXT_CACHE_BYTES, (text) => textMatchesBytes(text.matches));
  const answerCache = new LruCache<CachedAnswer>(ANSWER_CACHE_ENTRIES, ANSWER_CACHE_BYTES, (answer) => answer.bytes);
  const configKeys = new WeakMap<PcsxConfig, string>();

  /** The config an answer depends on (filters, labels, map): an edited config must not meet old answers. */
  function configKey(config: PcsxConfig): string {
    let key = configKeys.get(config);
    if (key === undefined) {
      key = JSON.stringify([config.searchConfig, config.searchOptionsMap]);
      configKeys.set(config, key);
    }
    return key;
  }

  async function currentVersion(tenantId: string): Promise<string> {
    const now = deps.clock.now().getTime();
    const known = versions.get(tenantId);
    if (known && now >= known.readAt && now - known.readAt < SEARCH_REFRESH_MS) return known.version;
    const version = await repository.readVersion(tenantId);
    // A change applied while this read was out (applyChange) is newer than what the read saw.
    const learned = versions.get(tenantId);
    if (learned !== known && learned !== undefined) return learned.version;
    versions.set(tenantId, { version, readAt: now });
    return version;
  }

  /**
   * Changes being applied, per tenant (the last one; each waits for the one before). Searches go on
   * answering from the current index meanwhile and see the change once it is in: no search waits for it.
   */
  const patching = new Map<string, { version: string; index: Promise<SearchIndex> }>();

  function applyChange(change: PositionsChange): void {
    const { tenantId } = change;
    const latest = patching.get(tenantId) ?? indexes.get(tenantId);
    if (latest === undefined || latest.version !== change.previousVersion || change.reload === true) {
      // Behind by more than this change (one was missed): the next search reads the version and reloads.
      versions.delete(tenantId);
      return;
    }
    const index = latest.index.then(async (previous) => {
      const patched = patchSearchIndex(previous, change.version, await repository.loadChangedRows(tenantId, change.ids));
      if (patched !== null) return patched;
      // A value spelled two ways, and a position changed: only a load knows the spelling (search-index.patch.ts).
      const builder = new SearchIndexBuilder(change.version);
      await repository.loadIndexRows(tenantId, builder);
      return builder.build();
    });
    const entry = { version: change.version, index };
    patching.set(tenantId, entry);
    index.then(
      () => {
        if (patching.get(tenantId) === entry) patching.delete(tenantId);
        // Not over a reload that moved past this change meanwhile.
        if (indexes.get(tenantId)?.version !== change.previousVersion) return;
        indexes.set(tenantId, entry);
        versions.set(tenantId, { version: change.version, readAt: deps.clock.now().getTime() });
      },
      () => {
        // A failed patch is not kept: the next search reads the version and loads the tenant afresh.
        if (patching.get(tenantId) === entry) patching.delete(tenantId);
        versions.delete(tenantId);
      },
    );
  }

  function indexFor(tenantId: string, version: string): Promise<SearchIndex> {
    const current = indexes.get(tenantId);
    if (current && current.version === version) return current.index;
    // The poll saw a version whose change is being applied: that is quicker than a reload.
    const pending = patching.get(tenantId);
    if (pending && pending.version === version) return pending.index;
    const builder = new SearchIndexBuilder(version);
    const index = repository.loadIndexRows(tenantId, builder).then(() => builder.build());
    indexes.set(tenantId, { version, index });
    // A failed load is not kept: the next search tries again.
    index.catch(() => {
      if (indexes.get(tenantId)?.index === index) indexes.delete(tenantId);
    });
    return index;
  }

  /** Typo tolerance (search-engine/search-terms.ts): only words that match nothing as typed get one-edit variants. */
  async function correctTypos(tenantId: string, terms: SearchTerm[]): Promise<{ terms: SearchTerm[]; corrections: Correction[] }> {
    const found = new Map<string, string[]>();
    for (const term of terms) {
      if (!isTypoTolerant(term.token)) continue;
      // The vocabulary holds every indexed word this long, so no word starting with the token means no match.
      if ((await repository.findWordsStartingWith(tenantId, term.token, 1)).length > 0) continue;
      const candidates = await repository.findTypoCandidates(tenantId, deletionVariants(term.token));
      const variants = pickTypoVariants(term.token, candidates);
      if (variants.length > 0) found.set(term.token, variants);
    }
    const corrected = withTypoVariants(terms, found);
    return {
      terms: corrected,
      corrections: corrected.filter((term) => term.variants.length > 0).map((term) => ({ term: term.token, variants: term.variants })),
    };
  }

  async function matchText(tenantId: string, index: SearchIndex, tokens: SearchTerm[]): Promise<{ text: TextEntry; isCached: boolean }> {
    const key = `${tenantId}\u0000${index.version}\u0000${tokens.map((term) => term.token).join(' ')}`;
    const cached = textCache.get(key);
    if (cached) return { text: cached, isCached: true };
    const { terms, corrections } = await correctTypos(tenantId, tokens);
    const found = await repository.textMatcher.match(tenantId, terms, index.size);
    const text = { matches: buildTextMatches(index, found), corrections, engineQuery: repository.textMatcher.describe(terms) };
    textCache.set(key, text);
    return { text, isCached: false };
  }

  async function withUserActions(tenantId: string, candidateId: string | null, answer: CachedAnswer): Promise<SearchResponse> {
    if (!candidateId || answer.pageIds.length === 0) return answer.response;
    const actions = await positions.findUserActions(tenantId, candidateId, answer.pageIds);
    return {
      ...answer.response,
      positions: answer.response.positions.map(
        (position): SearchPosition => ({
          ...position,
          positionUserActions: { isSaved: actions.saved.has(position.id), isInCart: actions.inCart.has(position.id) },
        }),
      ),
    };
  }

  /** Saved searches are offered to signed-in candidates where the tenant enables them (spec §6). */
  function savedSearchMetadata(tenant: Tenant, candidateId: string | null): SearchResponse['savedSearchMetadata'] {
    const { loginSignupConfig, notificationsConfig } = tenant.config;
    const isEnabled = candidateId !== null && loginSignupConfig.candidateLoginEnabled && notificationsConfig.enableSavedSearchNotifications;
    return { isEnabled, isSaved: false };
  }

  /** Whether this candidate saved this very search (issue 12), when saved searches are offered. */
  async function savedSearchOf(tenant: Tenant, candidateId: string | null, query: SearchQuery): Promise<SearchResponse['savedSearchMetadata']> {
    const metadata = savedSearchMetadata(tenant, candidateId);
    if (!metadata.isEnabled || candidateId === null || !deps.savedSearches) return metadata;
    const id = await deps.savedSearches.findId(tenant.id, candidateId, query);
    return id === null ? metadata : { isEnabled: true, isSaved: true, savedSearchId: id };
  }

  /** The answer for this candidate: their saved/cart flags and whether this search is saved. */
  async function personalise(tenant: Tenant, candidateId: string | null, answer: CachedAnswer, query: SearchQuery): Promise<SearchResponse> {
    const [response, metadata] = await Promise.all([withUserActions(tenant.id, candidateId, answer), savedSearchOf(tenant, candidateId, query)]);
    return { ...response, savedSearchMetadata: metadata };
  }

  async function respond(
    tenant: Tenant,
    candidateId: string | null,
    answer: CachedAnswer,
    debugData: Record<string, unknown> | null,
    query: SearchQuery,
  ): Promise<SearchResult> {
    if (candidateId === null && debugData === null) return answer.anonymous;
    const response = await personalise(tenant, candidateId, answer, query);
    return debugData === null ? response : { ...response, debugData };
  }

  return {
    applyChange,

    async warmUp(tenant) {
      await indexFor(tenant.id, await currentVersion(tenant.id));
    },

    async suggestPlaces(tenant, text) {
      return suggestPlaces(await indexFor(tenant.id, await currentVersion(tenant.id)), text);
    },

    async matchPositions(tenant, queries, ids) {
      const index = await indexFor(tenant.id, await currentVersion(tenant.id));
      const wanted = new Uint8Array(index.size);
      const wantedPositions: number[] = [];
      for (const id of ids) {
        const position = indexOfId(index, id);
        if (position >= 0 && wanted[position] !== 1) {
          wanted[position] = 1;
          wantedPositions.push(position);
        }
      }
      const results: Set<number>[] = [];
      for (const query of queries) {
        const found = new Set<number>();
        results.push(found);
        if (wantedPositions.length === 0) continue;
        // The candidates to walk: the free text's matches among `ids`, or `ids` themselves.
        const tokens = searchTerms(query.query);
        let text: Int32Array;
        if (tokens.length > 0) {
          const matches = (await matchText(tenant.id, index, tokens)).text.matches.positions;
          const candidates: number[] = [];
          for (const position of matches) if (wanted[position] === 1) candidates.push(position);
          text = Int32Array.from(candidates);
        } else {
          text = Int32Array.from(wantedPositions);
        }
        if (text.length === 0) continue;
        const { applied } = resolveFilters(query.filters, tenant.config.pcsxConfig);
        const plan = buildEvaluationPlan({
          index,
          query: { ...query, domain: undefined, start: 0, sortBy: 'relevance', debug: false, ignoredFilters: [] },
          applied,
          text,
          facetKeys: [],
          markers: false,
          pageSize: 0,
        });
        // Order 'rank' lists every result (textResults: places in `text`); membership is all alerts need.
        const evaluation = evaluate(index, { ...plan, order: 'rank', distanceFrom: null });
        for (const at of evaluation.textResults ?? []) found.add(index.ids[text[at] as number] as number);
      }
      return results;
    },

    async search({ tenant, query, candidateId, withDebug }) {
      const started = performance.now();
      const config = tenant.config.pcsxConfig;
      const version = await currentVersion(tenant.id);
      const index = await indexFor(tenant.id, version);
      const indexMs = elapsed(started);

      const { applied, ignored } = resolveFilters(query.filters, config);
      const ignoredFilters = [...query.ignoredFilters, ...ignored];
      const tokens = searchTerms(query.query);
      const answerKey = JSON.stringify([
        tenant.id,
        version,
        configKey(config),
        tokens.map((term) => term.token),
        query.locationKind,
        query.location.toLowerCase(),
        query.latlong,
        query.bounds,
        query.distanceMiles,
        query.start,
        query.sortBy,
        Object.entries(applied).sort(([a], [b]) => (a < b ? -1 : 1)),
        ignoredFilters,
      ]);
      const cached = answerCache.get(answerKey);
      if (cached) {
        const debugData = withDebug ? { cache: 'answer', dialect: deps.dialect, indexVersion: version, timingsMs: { total: elapsed(started) } } : null;
        return respond(tenant, candidateId, cached, debugData, query);
      }

      const textStarted = performance.now();
      const text = tokens.length > 0 ? await matchText(tenant.id, index, tokens) : null;
      const textMs = elapsed(textStarted);

      const evaluateStarted = performance.now();
      const facetKeys = configuredFilterKeys(config);
      const plan = buildEvaluationPlan({
        index,
        query,
        applied,
        text: text?.text.matches.positions ?? null,
        facetKeys,
        markers: config.searchConfig.mapConfig.enabled,
        pageSize: SEARCH_PAGE_SIZE,
      });
      const evaluation = evaluate(index, plan);
      const evaluateMs = elapsed(evaluateStarted);

      const rankStarted = performance.now();
      let pagePositions = evaluation.page;
      if (text !== null && evaluation.textResults !== null) {
        const { matches } = text.text;
        const slots = rankedPage(matches, evaluation.textResults, query.start, SEARCH_PAGE_SIZE);
        pagePositions = slots.map((slot) => matches.positions[slot] as number);
      }
      const rankMs = elapsed(rankStarted);

      const fetchStarted = performance.now();
      const pageIds = pagePositions.map((position) => index.ids[position] ?? 0);
      const records = new Map((await positions.findByIds(tenant.id, pageIds)).map((record) => [record.id, record]));
      const queriedLocation = query.locationKind === 'text' ? query.location : undefined;
      const page = pageIds.flatMap((id) => {
        const record = records.get(id);
        return record ? [presentSearchPosition(record, NO_USER_ACTIONS, queriedLocation)] : [];
      });
      const fetchMs = elapsed(fetchStarted);

      const response = presentSearchResponse({
        index,
        config,
        query,
        evaluation,
        positions: page,
        applied,
        ignoredFilters,
        corrections: text?.text.corrections ?? [],
        facetKeys,
      });
      const anonymous: SearchResponse = { ...response, savedSearchMetadata: savedSearchMetadata(tenant, null) };
      const answer: CachedAnswer = {
        response,
        pageIds: page.map((position) => position.id),
        anonymous,
        // Text and objects (UTF-16: twice its length, twice over), as ANSWER_CACHE_BYTES assumes.
        bytes: approximateJsonBytes(anonymous) * 4,
      };
      answerCache.set(answerKey, answer);

      const debugData = withDebug
        ? {
            cache: text?.isCached ? 'text' : 'none',
            dialect: deps.dialect,
            indexVersion: version,
            indexedPositions: index.size,
            engineQuery: text?.text.engineQuery ?? null,
            textMatches: text?.text.matches.positions.length ?? null,
            order: plan.order,
            timingsMs: { index: indexMs, text: textMs, evaluate: evaluateMs, rank: rankMs, fetch: fetchMs, total: elapsed(started) },
          }
        : null;
      return respond(tenant, candidateId, answer, debugData, query);
    },
  };
}
