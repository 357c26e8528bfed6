import type { MatchDetailsResponse, OverridesResponse, PositionDetailsResponse, PositionInsights } from '@careers/contracts';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import type { Candidate } from '../auth/candidates.repository';
import type { Tenant } from '../tenants/tenants.service';
import { computeMatchDetails } from './match-details';
import { buildPositionInsights, TREND_WEEKS } from './position-insights';
import { positionOverrides } from './position-overrides';
import { NO_USER_ACTIONS, presentPosition } from './positions.presenter';
import type { PositionRecord, PositionsRepository } from './positions.repository';
import { createPositionCache } from './position-cache';
import type { PositionsChange } from './positions-changes';
import { createPositionsVersionReader } from './positions-version';

/** The applicants trend looks at its weeks only; time to hire at the department's latest hires. */
const INSIGHT_WINDOW_DAYS = TREND_WEEKS * 7 + 7;
const HIRES_SAMPLE = 50;

export const PositionMessages = {
  notFound: 'This position does not exist.',
  matchDetailsOff: 'Match details are not shown for this position.',
  insightsOff: 'Insights are not shown for this position.',
} as const;

export interface PositionsService {
  /** Open or archived (metadata.isFallback); 404 when the id is not the tenant's. */
  getDetails(tenant: Tenant, positionId: number, candidateId: string | null, queriedLocation?: string): Promise<PositionDetailsResponse>;
  /** getDetails serialised; a visitor's plain answer is serialised once per cached position (P2). */
  getDetailsJson(tenant: Tenant, positionId: number, candidateId: string | null, queriedLocation?: string): Promise<string>;
  getMatchDetails(tenant: Tenant, positionId: number, candidate: Candidate): Promise<MatchDetailsResponse>;
  getInsights(tenant: Tenant, positionId: number): Promise<PositionInsights>;
  getOverrides(tenant: Tenant, positionId: number): Promise<OverridesResponse>;
  /** For the job page's HTML head (SEO); null when the id is not the tenant's. */
  findForPage(tenant: Tenant, positionId: number): Promise<PositionRecord | null>;
  /** Issue 8 §2: drops the changed positions from the job-detail cache (position-cache.ts). */
  applyChange(change: PositionsChange): void;
  /** The tenant's positions version as this process last read it (positions-version.ts): shared pages are keyed by it. */
  version(tenant: Tenant): Promise<string>;
}

export function createPositionsService(deps: { repository: PositionsRepository; clock: Clock }): PositionsService {
  const { repository } = deps;
  const version = createPositionsVersionReader({ readVersion: (tenantId) => repository.readVersion(tenantId), clock: deps.clock });
  const cache = createPositionCache({ repository, version });

  /** Keyed by the cached record itself, so an entry goes when the record leaves the cache. */
  const plainDetailsJson = new WeakMap<PositionRecord, string>();

  function presentDetails(record: PositionRecord, userActions: typeof NO_USER_ACTIONS, queriedLocation?: string): PositionDetailsResponse {
    return {
      data: presentPosition(record, userActions, queriedLocation),
      // Issue 3: an archived position still answers, marked, so an old link says "no longer open".
      metadata: { isFallback: record.archivedAt !== null },
    };
  }

  async function getPosition(tenant: Tenant, positionId: number): Promise<PositionRecord> {
    const record = await cache.findById(tenant.id, positionId);
    // Unknown and foreign ids alike: a 404 that says nothing about other tenants.
    if (!record) throw new NotFoundError(PositionMessages.notFound);
    return record;
  }

  async function getDetails(tenant: Tenant, positionId: number, candidateId: string | null, queriedLocation?: string): Promise<PositionDetailsResponse> {
    const record = await getPosition(tenant, positionId);
    let userActions = NO_USER_ACTIONS;
    if (candidateId) {
      const actions = await repository.findUserActions(tenant.id, candidateId, [record.id]);
      userActions = { isSaved: actions.saved.has(record.id), isInCart: actions.inCart.has(record.id) };
    }
    return presentDetails(record, userActions, queriedLocation);
  }

  /** The tenant's positionDetailsConfig with this position's overrides applied. */
  function detailsConfig(tenant: Tenant, record: PositionRecord) {
    const base = tenant.config.pcsxConfig.positionDetailsConfig;
    const override = positionOverrides(tenant.config.pcsxConfig.overrides, record).positionDetailsConfig ?? {};
    return {
      showInsights: override.showInsights ?? base.showInsights,
      showMatchDetails: override.showMatchDetails ?? base.showMatchDetails,
    };
  }

  return {
    getDetails,
    version: (tenant) => version.current(tenant.id),

    async getDetailsJson(tenant, positionId, candidateId, queriedLocation) {
      if (candidateId || queriedLocation) return JSON.stringify(await getDetails(tenant, positionId, candidateId, queriedLocation));
      const record = await getPosition(tenant, positionId);
      let json = plainDetailsJson.get(record);
      if (json === undefined) {
        json = JSON.stringify(presentDetails(record, NO_USER_ACTIONS));
        plainDetailsJson.set(record, json);
      }
      return json;
    },

    async getMatchDetails(tenant, positionId, candidate) {
      const record = await getPosition(tenant, positionId);
      if (!detailsConfig(tenant, record).showMatchDetails) throw new NotFoundError(PositionMessages.matchDetailsOff);
      const profile = await repository.findCandidateProfile(tenant.id, candidate.id);
      const details = computeMatchDetails(
        { skills: profile?.skills ?? [], title: profile?.title ?? null, location: candidate.location },
        presentPosition(record),
        tenant.config.pcsxConfig.searchConfig.strongMatchThreshold,
      );
      return { data: details };
    },

    async getInsights(tenant, positionId) {
      const record = await getPosition(tenant, positionId);
      if (!detailsConfig(tenant, record).showInsights) throw new NotFoundError(PositionMessages.insightsOff);
      const now = deps.clock.now();
      // Issue 11: the trend and time to hire come from the stored applications and their stage moves.
      const [departmentPositions, applicationDates, hireDurationsDays] = await Promise.all([
        repository.countInDepartment(tenant.id, record.department),
        repository.applicationDates(tenant.id, record.id, new Date(now.getTime() - INSIGHT_WINDOW_DAYS * 86_400_000).toISOString()),
        repository.hireDurationsDays(tenant.id, record.department, HIRES_SAMPLE),
      ]);
      return buildPositionInsights({ department: record.department, departmentPositions, applicationDates, hireDurationsDays, postedAt: record.postedAt, now });
    },

    async getOverrides(tenant, positionId) {
      const record = await getPosition(tenant, positionId);
      return { data: positionOverrides(tenant.config.pcsxConfig.overrides, record) };
    },

    findForPage: (tenant, positionId) => cache.findById(tenant.id, positionId),

    applyChange: (change) => cache.applyChange(change),
  };
}
