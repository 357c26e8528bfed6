import { ROUTES, applyPath, jobPath, type DraftApplication, type Nudge, type Offer } from '@careers/contracts';
import type { FormRequestSummary } from '../applications/form-requests.service';
import type { ProfileFacts } from './dashboard.service';

/** A position judged a strong match, before it becomes part of a nudge. */
export interface JudgedMatch {
  id: number;
  name: string;
  score: number;
}

const offerPagePath = (offerId: string): string => ROUTES.offer.replace(':id', encodeURIComponent(offerId));

/** An Extended offer that has not expired waits for the candidate (spec §4 "Action required"). */
export function offerNudge(offer: Offer): Nudge {
  return { id: `offer:${offer.id}`, kind: 'offer_action', link: offerPagePath(offer.id), positionName: offer.position.name, expiresAt: offer.expires_at };
}

export function formNudge(form: FormRequestSummary): Nudge {
  return { id: `form:${form.id}`, kind: 'form_action', link: ROUTES.formsCenter, title: form.title, dueAt: form.due_at };
}

export function draftNudge(draft: DraftApplication): Nudge {
  return { id: `draft:${draft.position_id}`, kind: 'draft_open', link: applyPath(draft.position_id), positionName: draft.position.name, updatedAt: draft.updated_at };
}

/**
 * Completing the profile and uploading a resume are two nudges: a resume is one upload, the rest are edits.
 * Completion's "resume" part is left to the resume nudge, so a profile missing only its resume asks once.
 */
export function profileNudges(facts: ProfileFacts): Nudge[] {
  const nudges: Nudge[] = [];
  const missing = facts.completion.missing.filter((part) => part !== 'resume');
  if (missing.length > 0) {
    nudges.push({ id: 'complete_profile', kind: 'complete_profile', link: ROUTES.profile, percent: facts.completion.percent, missing });
  }
  if (!facts.hasResume) nudges.push({ id: 'upload_resume', kind: 'upload_resume', link: ROUTES.profile });
  return nudges;
}

export function strongMatchesNudge(matches: readonly JudgedMatch[]): Nudge {
  const positions = matches.map((match) => ({ id: match.id, name: match.name, score: match.score, link: jobPath(match.id) }));
  return { id: 'strong_matches', kind: 'strong_matches', link: positions[0]?.link ?? ROUTES.home, positions };
}
