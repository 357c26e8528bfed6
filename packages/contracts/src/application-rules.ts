import { POSITION_ID_PATTERN } from './position-limits';

/**
 * Applying's plain rules (issue 9): limits, the stages and what they mean, the messages, whether a draft is open
 * and the forms center's tabs. No zod here, so a screen that needs them loads no schema with them (the web loads
 * response schemas with the first answer, lib/lazy-schema.ts); applications.ts holds the schemas.
 */

/** One apply covers at most this many jobs (a cart holds up to 100; a form for 20 jobs is already long). */
export const APPLY_MAX_POSITIONS = 20;
/** Field names and how many a form's values may hold. */
export const FORM_VALUES_MAX_FIELDS = 500;
export const FORM_FIELD_NAME_MAX_LENGTH = 100;
/** A draft autosave body: small, because file contents never travel with drafts (they are dropped). */
export const DRAFT_BODY_LIMIT_BYTES = 256 * 1024;
/** A submit carries its files as base64 entries: 10 MB of files is ~13.4 MB of base64, plus the answers. */
export const APPLY_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Stages an application moves through (application-stages.ts on the server holds the allowed moves):
 * submitted → screening → interview → offer → hired, rejected from any open stage, withdrawn by the
 * candidate from any open stage. hired, rejected and withdrawn are final.
 */
export const APPLICATION_STAGES = ['submitted', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
export const FINAL_APPLICATION_STAGES: readonly ApplicationStage[] = ['hired', 'rejected', 'withdrawn'];

/** What each stage means to the candidate and what comes next (the dashboard's timeline). */
export const APPLICATION_STAGE_INFO: Record<ApplicationStage, { label: string; meaning: string; next: string | null }> = {
  submitted: { label: 'Submitted', meaning: 'Your application has been received.', next: 'The hiring team reviews applications.' },
  screening: { label: 'In review', meaning: 'The hiring team is reviewing your application.', next: 'If it is a match, you will be invited to interview.' },
  interview: { label: 'Interviewing', meaning: 'You are interviewing for this position.', next: 'The team decides after the interviews.' },
  offer: { label: 'Offer', meaning: 'The company is making you an offer.', next: 'Review and sign your offer under Offers.' },
  hired: { label: 'Hired', meaning: 'You accepted the offer. Welcome aboard!', next: null },
  rejected: { label: 'Not selected', meaning: 'The company decided not to move forward with your application.', next: null },
  withdrawn: { label: 'Withdrawn', meaning: 'You withdrew this application.', next: null },
};

export const ApplyMessages = {
  applied: (count: number) => (count === 1 ? 'Your application has been submitted.' : `Your applications to ${count} positions have been submitted.`),
  alreadyApplied: (names: readonly string[]) =>
    names.length === 1 ? `You have already applied to ${names[0]}.` : `You have already applied to ${names.join(', ')}.`,
  positionsUnavailable: 'Some of these positions are no longer open. Remove them and apply again.',
  invalidForm: 'Some answers need your attention.',
  signInToApply: 'An account exists with this email. Sign in to apply.',
  noApplyForm: 'This site has no application form.',
  applicationNotFound: 'Application not found',
  cannotWithdraw: 'This application can no longer be withdrawn.',
  draftDeleted: 'Deleted draft application',
  draftDeleteFailed: 'Failed to delete draft application',
  formNotFound: 'Form not found',
  formCompleted: 'This form has already been submitted.',
} as const;

/**
 * spec §3 "A draft has position_id and position.archived_at (open if below 0, closed if above 0)": here
 * archived_at is a number, -1 while the position is open and the archive time in epoch milliseconds after.
 */
export const DRAFT_OPEN_ARCHIVED_AT = -1;
export const isOpenDraft = (draft: { position: { archived_at: number } }): boolean => draft.position.archived_at < 0;

/** The forms center (spec §7 forms_list): tabs by status. */
export const FORM_REQUEST_STATUSES = ['open', 'in_progress', 'completed'] as const;
export type FormRequestStatus = (typeof FORM_REQUEST_STATUSES)[number];
export const FORM_TAB_LABELS: Record<FormRequestStatus, string> = { open: 'Open', in_progress: 'In progress', completed: 'Completed' };

/**
 * spec §7 "pid (comma-joined ids)": the ids of `?pid=1,2,3` as numbers, duplicates collapsed and order kept, or
 * null when the text names none or any part is not an id, or names more than APPLY_MAX_POSITIONS. The same
 * reading as applications.ts's PositionIdListTextSchema (the server's, with its messages), without zod.
 */
export function readPositionIdList(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length > APPLY_MAX_POSITIONS || !parts.every((part) => POSITION_ID_PATTERN.test(part))) return null;
  return [...new Set(parts.map(Number))];
}
