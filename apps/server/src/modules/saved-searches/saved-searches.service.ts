import { randomUUID } from 'node:crypto';
import {
  FILTER_PARAM_PREFIX,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCH_NAME_MAX,
  SavedSearchMessages,
  canonicalSearchParams,
  parseSearchQuery,
  savedSearchPath,
  type SavedSearch,
  type SavedSearchCriteria,
  type SearchQuery,
} from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Tenant } from '../tenants/tenants.service';
import type { SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository';

/** Whose saved searches: always a tenant and one of its candidates. */
export interface SavedSearchOwner {
  tenant: Tenant;
  candidateId: string;
}

/** spec §6: saved searches (and their alerts) need candidate login plus the configuration flag. */
export function areSavedSearchesEnabled(tenant: Pick<Tenant, 'config'>): boolean {
  const { loginSignupConfig, notificationsConfig } = tenant.config;
  return loginSignupConfig.candidateLoginEnabled && notificationsConfig.enableSavedSearchNotifications;
}

/** A search's query string as the search call reads it, or the fields it refuses (400). */
export function parseSavedSearch(search: string): SearchQuery {
  const raw: Record<string, string[]> = {};
  new URLSearchParams(search).forEach((value, name) => {
    (raw[name] ??= []).push(value);
  });
  const parsed = parseSearchQuery(Object.fromEntries(Object.entries(raw).map(([name, values]) => [name, values.length === 1 ? values[0] : values])));
  if (!parsed.ok) throw new ValidationError(Object.fromEntries(Object.entries(parsed.fields).map(([field, message]) => [`search.${field}`, message])), parsed.message);
  return parsed.value;
}

/** The name a search gets when the candidate gives none: its words and place, else "All jobs". */
export function defaultSavedSearchName(criteria: Pick<SavedSearchCriteria, 'query' | 'location'>): string {
  const parts = [criteria.query, criteria.location].filter((part) => part !== '');
  return (parts.length > 0 ? parts.join(' · ') : 'All jobs').slice(0, SAVED_SEARCH_NAME_MAX);
}

export function presentSavedSearch(row: SavedSearchRow, tenant: Pick<Tenant, 'isDefault' | 'domain'>): SavedSearch {
  const params = new URLSearchParams(row.search);
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    url: savedSearchPath(row.search, tenant.isDefault ? undefined : tenant.domain),
    query: params.get('query') ?? '',
    location: params.get('location') ?? '',
    filterCount: [...params.keys()].filter((name) => name.startsWith(FILTER_PARAM_PREFIX)).length,
    alertsEnabled: row.alertsEnabled === 1,
    createdAt: row.createdAt,
    lastAlertOn: row.lastAlertOn,
  };
}

export interface SavedSearchesService {
  list(owner: SavedSearchOwner): Promise<SavedSearch[]>;
  /** Saving the same search again answers the one already saved (idempotent); past the cap, 409. */
  create(owner: SavedSearchOwner, input: { search: string; name?: string | undefined; alertsEnabled: boolean }): Promise<{ savedSearch: SavedSearch; isNew: boolean }>;
  update(owner: SavedSearchOwner, id: string, changes: { name?: string | undefined; alertsEnabled?: boolean | undefined }): Promise<SavedSearch>;
  remove(owner: SavedSearchOwner, id: string): Promise<void>;
  /** The candidate's saved search for this exact search, if any (the search response's savedSearchMetadata). */
  findId(tenantId: string, candidateId: string, criteria: SavedSearchCriteria): Promise<string | null>;
}

export function createSavedSearchesService(deps: {
  repository: SavedSearchesRepository;
  transaction: <T>(work: (repository: SavedSearchesRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
}): SavedSearchesService {
  const { repository, clock } = deps;
  const ensureEnabled = (owner: SavedSearchOwner) => {
    if (!areSavedSearchesEnabled(owner.tenant)) throw new NotFoundError(SavedSearchMessages.disabled);
  };
  return {
    async list(owner) {
      ensureEnabled(owner);
      return (await repository.list(owner.tenant.id, owner.candidateId)).map((row) => presentSavedSearch(row, owner.tenant));
    },

    async create(owner, input) {
      ensureEnabled(owner);
      const criteria = parseSavedSearch(input.search);
      const search = canonicalSearchParams(criteria);
      const { tenant, candidateId } = owner;
      return deps.transaction(async (trx) => {
        await trx.lockCandidate(tenant.id, candidateId);
        const existing = await trx.findBySearch(tenant.id, candidateId, search);
        if (existing) return { savedSearch: presentSavedSearch(existing, tenant), isNew: false };
        if ((await trx.count(tenant.id, candidateId)) >= SAVED_SEARCHES_MAX) throw new ConflictError(SavedSearchMessages.full);
        const now = clock.now().toISOString();
        const row: SavedSearchRow = {
          id: randomUUID(),
          tenantId: tenant.id,
          candidateId,
          name: input.name ?? defaultSavedSearchName(criteria),
          search,
          alertsEnabled: input.alertsEnabled ? 1 : 0,
          createdAt: now,
          updatedAt: now,
          // Jobs already there when the search is saved are what the candidate just saw: alerts start now.
          checkedThrough: now,
          lastAlertOn: null,
        };
        await trx.insert(row);
        return { savedSearch: presentSavedSearch(row, tenant), isNew: true };
      });
    },

    async update(owner, id, changes) {
      ensureEnabled(owner);
      const { tenant, candidateId } = owner;
      return deps.transaction(async (trx) => {
        if (!(await trx.update(tenant.id, candidateId, id, { ...changes, updatedAt: clock.now().toISOString() }))) throw new NotFoundError(SavedSearchMessages.notFound);
        const row = await trx.find(tenant.id, candidateId, id);
        if (!row) throw new NotFoundError(SavedSearchMessages.notFound);
        return presentSavedSearch(row, tenant);
      });
    },

    async remove(owner, id) {
      ensureEnabled(owner);
      if (!(await repository.remove(owner.tenant.id, owner.candidateId, id))) throw new NotFoundError(SavedSearchMessages.notFound);
    },

    async findId(tenantId, candidateId, criteria) {
      return (await repository.findBySearch(tenantId, candidateId, canonicalSearchParams(criteria)))?.id ?? null;
    },
  };
}
