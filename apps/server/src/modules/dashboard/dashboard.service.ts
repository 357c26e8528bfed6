import { NUDGE_LIMITS, isActionRequired, isOpenDraft, parseSearchQuery, type Nudge, type ProfileCompletion } from '@careers/contracts';
import type { Clock } from '../../clock';
import type { Candidate } from '../../kernel/session';
import type { Tenant } from '../../kernel/tenant';
import type { ApplicationsService } from '../applications/applications.service';
import type { DraftApplicationsService } from '../applications/draft-applications.service';
import type { FormRequestsService } from '../applications/form-requests.service';
import type { OffersService } from '../offers/offers.service';
import { presentOffer } from '../offers/offers.presenter';
import { computeMatchDetails, type CandidateMatchProfile } from '../positions/match-details';
import type { SearchService } from '../search/search.service';
import { draftNudge, formNudge, offerNudge, profileNudges, strongMatchesNudge, type JudgedMatch } from './dashboard.presenter';

/** What the nudges read of the candidate's profile: its completion (issue 11's profile owns it) and resume. */
export interface ProfileFacts {
  completion: ProfileCompletion;
  hasResume: boolean;
}

export interface DashboardDeps {
  /** The profile's completion and whether a resume is on file. */
  profileFacts(tenant: Tenant, candidate: Candidate): Promise<ProfileFacts>;
  /** The skills, title and location match details judge (positions/match-details.ts). */
  matchProfile(tenant: Tenant, candidate: Candidate): Promise<CandidateMatchProfile>;
  search: Pick<SearchService, 'search'>;
  applications: Pick<ApplicationsService, 'dashboard'>;
  drafts: Pick<DraftApplicationsService, 'list'>;
  offers: Pick<OffersService, 'list'>;
  formRequests: Pick<FormRequestsService, 'list'>;
  clock: Clock;
}

export interface DashboardService {
  /** GET /api/pcsx/dashboard/nudges: the candidate's next steps, most urgent first. */
  nudges(tenant: Tenant, candidate: Candidate): Promise<Nudge[]>;
}

/**
 * The dashboard's own reads (issue 11): everything else of the dashboard is another module's call. Nudges are
 * computed from the candidate's data on every call — nothing is stored, so a nudge goes the moment its cause
 * does (the offer signed, the draft submitted, the resume uploaded).
 */
export function createDashboardService(deps: DashboardDeps): DashboardService {
  /**
   * Jobs that match strongly (spec §3 searchConfig.strongMatchThreshold), cheaply: the tenant's search index is
   * asked for the profile's title and first few skills (NUDGE_LIMITS.matchSearches searches of one page each), and
   * only those few dozen positions are judged — never the whole index. Jobs already applied to are left out.
   */
  async function strongMatches(tenant: Tenant, candidate: Candidate, appliedIds: ReadonlySet<number>): Promise<JudgedMatch[]> {
    const profile = await deps.matchProfile(tenant, candidate);
    const texts = [profile.title, ...profile.skills].filter((text): text is string => !!text && text.trim() !== '');
    const queries = [...new Set(texts.map((text) => text.trim()))].slice(0, NUDGE_LIMITS.matchSearches);
    if (queries.length === 0 || profile.skills.length === 0) return [];
    const threshold = tenant.config.pcsxConfig.searchConfig.strongMatchThreshold;
    const judged = new Map<number, JudgedMatch>();
    for (const text of queries) {
      const parsed = parseSearchQuery({ query: text });
      if (!parsed.ok) continue;
      const result = await deps.search.search({ tenant, query: parsed.value, candidateId: null, withDebug: false });
      for (const position of result.positions) {
        if (judged.has(position.id) || appliedIds.has(position.id)) continue;
        const details = computeMatchDetails(profile, position, threshold);
        if (details.isStrongMatch) judged.set(position.id, { id: position.id, name: position.name, score: details.score });
      }
    }
    return [...judged.values()].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, NUDGE_LIMITS.strongMatches);
  }

  return {
    async nudges(tenant, candidate) {
      const now = deps.clock.now();
      const [facts, applications, drafts, offers, openForms, startedForms] = await Promise.all([
        deps.profileFacts(tenant, candidate),
        deps.applications.dashboard(tenant.id, candidate.id),
        deps.drafts.list(tenant.id, candidate.id, false),
        deps.offers.list({ tenantId: tenant.id, candidateId: candidate.id }),
        deps.formRequests.list(tenant.id, candidate.id, 'open', false),
        deps.formRequests.list(tenant.id, candidate.id, 'in_progress', false),
      ]);
      const appliedIds = new Set([...applications.applications, ...applications.inactiveApplications].map((application) => application.position_id));
      const matches = await strongMatches(tenant, candidate, appliedIds);

      const waitingOffers = offers.map((view) => presentOffer(view, now)).filter((offer) => isActionRequired(offer, now));
      const forms = [...startedForms.forms, ...openForms.forms]
        .sort((a, b) => (a.due_at ?? '9999').localeCompare(b.due_at ?? '9999'))
        .slice(0, NUDGE_LIMITS.perKind);
      const openDrafts = drafts
        .filter(isOpenDraft)
        .filter((draft) => !appliedIds.has(draft.position_id))
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .slice(0, NUDGE_LIMITS.perKind);

      // Most urgent first: what a company waits for, then what the candidate started, then what helps them.
      const nudges: Nudge[] = [
        ...waitingOffers.map(offerNudge),
        ...forms.map(formNudge),
        ...openDrafts.map(draftNudge),
        ...profileNudges(facts),
      ];
      if (matches.length > 0) nudges.push(strongMatchesNudge(matches));
      return nudges;
    },
  };
}
