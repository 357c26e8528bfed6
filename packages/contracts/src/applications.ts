import { z } from 'zod';
import { PositionIdSchema, PositionIdTextSchema } from './positions';

/**
 * Applying (issue 9): the apply form, drafts, submitting, the dashboard's applications and the forms center.
 * Wire style as elsewhere: JSON bodies `{ data: … }`, failures `{ error: { code, message, fields? } }` with one
 * message per form field under `fields` (a submit's field errors).
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

/** spec §7 "pid (comma-joined ids)": `?pid=1,2,3`; duplicates collapse, order kept. */
export const PositionIdListTextSchema = z
  .string()
  .trim()
  .min(1, 'Give at least one position id')
  .transform((text) => text.split(','))
  .pipe(z.array(PositionIdTextSchema).max(APPLY_MAX_POSITIONS, `Apply to at most ${APPLY_MAX_POSITIONS} positions at once`))
  .transform((ids) => [...new Set(ids)]);

/** Ids in a JSON body: numbers or numeric strings (job_cart sends strings). */
export const PositionIdListSchema = z
  .array(z.union([PositionIdSchema, PositionIdTextSchema]))
  .min(1, 'Give at least one position id')
  .max(APPLY_MAX_POSITIONS, `Apply to at most ${APPLY_MAX_POSITIONS} positions at once`)
  .transform((ids) => [...new Set(ids)]);

/** Form values by field name, bounded in count and name length; the forms engine judges the values themselves. */
export const FormAnswersSchema = z
  .record(z.string().min(1).max(FORM_FIELD_NAME_MAX_LENGTH), z.unknown())
  .refine((values) => Object.keys(values).length <= FORM_VALUES_MAX_FIELDS, `A form holds at most ${FORM_VALUES_MAX_FIELDS} fields`);

const DomainSchema = z.string().max(253).optional();

export const ApplyFormQuerySchema = z.object({ pid: PositionIdListTextSchema, domain: DomainSchema });

export const DraftSaveBodySchema = z.object({ position_ids: PositionIdListSchema, values: FormAnswersSchema, domain: DomainSchema });
export type DraftSaveBody = z.input<typeof DraftSaveBodySchema>;

export const DraftDeleteBodySchema = z.object({ position_ids: PositionIdListSchema, domain: DomainSchema });

export const ApplyBodySchema = z.object({ position_ids: PositionIdListSchema, values: FormAnswersSchema, domain: DomainSchema });
export type ApplyBody = z.input<typeof ApplyBodySchema>;

/**
 * Stages an application moves through (application-stages.ts on the server holds the allowed moves):
 * submitted → screening → interview → offer → hired, rejected from any open stage, withdrawn by the
 * candidate from any open stage. hired, rejected and withdrawn are final.
 */
export const APPLICATION_STAGES = ['submitted', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export const ApplicationStageSchema = z.enum(APPLICATION_STAGES);
export type ApplicationStage = z.infer<typeof ApplicationStageSchema>;
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

const PositionRefSchema = z.object({ id: PositionIdSchema, name: z.string(), archived_at: z.string().nullable() });

/** An item of a form definition as the wire carries it; the forms engine's schema judges its details. */
const FormItemWireSchema = z.object({ name: z.string().optional(), type: z.string() }).passthrough();
export const FormDefinitionWireSchema = z.object({
  sections: z.array(z.object({ id: z.string().optional(), title: z.string(), items: z.array(FormItemWireSchema) }).passthrough()),
});

/** A job the apply page applies to, with what its summary shows (its main place: "Boston, MA, US" or "Remote"). */
export const ApplyPositionSchema = PositionRefSchema.extend({ department: z.string(), location: z.string() });
export type ApplyPosition = z.infer<typeof ApplyPositionSchema>;

/** GET /api/pcsx/apply_form: one form for all the requested jobs, each question once, prefilled. */
export const ApplyFormSchema = z.object({
  positions: z.array(ApplyPositionSchema),
  /** Requested ids that are unknown here, another tenant's or archived (like job_cart's). */
  invalidPositionIds: z.array(PositionIdSchema),
  /** Requested jobs the candidate already has an active application to (the form says so before submitting). */
  alreadyAppliedPositionIds: z.array(PositionIdSchema),
  form: FormDefinitionWireSchema,
  values: z.record(z.string(), z.unknown()),
  /**
   * Where prefilled values came from, by field: profile, a previous application, the candidate's current stored
   * resume (its file entry carries fileId, name, size, type, uploadedAt), or a draft (later wins).
   */
  prefilledFrom: z.record(z.string(), z.enum(['profile', 'application', 'resume', 'draft'])),
  draftUpdatedAt: z.string().nullable(),
  loggedOutApply: z.boolean(),
  /** The form's resume field (a file item named or labelled resume or CV): choosing a file there fills the form (parse_resume). */
  resumeField: z.string().nullable().optional(),
});
export type ApplyForm = z.infer<typeof ApplyFormSchema>;
export const ApplyFormResponseSchema = z.object({ data: ApplyFormSchema });

export const DraftSavedResponseSchema = z.object({ data: z.object({ updated_at: z.string() }) });

/**
 * spec §3 "A draft has position_id and position.archived_at (open if below 0, closed if above 0)": here
 * archived_at is a number, -1 while the position is open and the archive time in epoch milliseconds after.
 */
export const DRAFT_OPEN_ARCHIVED_AT = -1;
export const isOpenDraft = (draft: { position: { archived_at: number } }): boolean => draft.position.archived_at < 0;

export const DraftApplicationSchema = z.object({
  position_id: PositionIdSchema,
  position: z.object({ id: PositionIdSchema, name: z.string(), archived_at: z.number() }),
  updated_at: z.string(),
  values: z.record(z.string(), z.unknown()).optional(),
});
export type DraftApplication = z.infer<typeof DraftApplicationSchema>;
export const DraftApplicationsResponseSchema = z.object({ draft_applications: z.array(DraftApplicationSchema) });

export const StageEventSchema = z.object({
  from: ApplicationStageSchema.nullable(),
  to: ApplicationStageSchema,
  reason: z.string().nullable(),
  at: z.string(),
});

export const ApplicationSummarySchema = z.object({
  id: z.string(),
  position_id: PositionIdSchema,
  position: PositionRefSchema,
  stage: ApplicationStageSchema,
  stage_label: z.string(),
  stage_meaning: z.string(),
  next_step: z.string().nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
  withdrawn_at: z.string().nullable(),
  can_withdraw: z.boolean(),
  timeline: z.array(StageEventSchema),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

/** spec §3 "Dashboard tab data": applications and inactiveApplications. */
export const DashboardApplicationsResponseSchema = z.object({
  data: z.object({ applications: z.array(ApplicationSummarySchema), inactiveApplications: z.array(ApplicationSummarySchema) }),
});

export const ApplyResponseSchema = z.object({
  data: z.object({ applications: z.array(ApplicationSummarySchema), message: z.string() }),
});

/** The forms center (spec §7 forms_list): tabs by status. */
export const FORM_REQUEST_STATUSES = ['open', 'in_progress', 'completed'] as const;
export const FormRequestStatusSchema = z.enum(FORM_REQUEST_STATUSES);
export type FormRequestStatus = z.infer<typeof FormRequestStatusSchema>;
export const FORM_TAB_LABELS: Record<FormRequestStatus, string> = { open: 'Open', in_progress: 'In progress', completed: 'Completed' };

export const FormsListQuerySchema = z.object({
  tab_id: FormRequestStatusSchema.default('open'),
  include_tab_list: z.enum(['true', 'false', '1', '0']).optional().transform((flag) => flag === 'true' || flag === '1'),
  domain: DomainSchema,
});

export const FormRequestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: FormRequestStatusSchema,
  /** When the company asked for the form (the forms center's "Requested" date). */
  requested_at: z.string(),
  due_at: z.string().nullable(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export const FormsListResponseSchema = z.object({
  data: z.object({
    forms: z.array(FormRequestSummarySchema),
    tabs: z.array(z.object({ id: FormRequestStatusSchema, label: z.string(), count: z.number().int() })).optional(),
  }),
});

export const FormRequestDetailResponseSchema = z.object({
  data: FormRequestSummarySchema.extend({ form: FormDefinitionWireSchema, values: z.record(z.string(), z.unknown()) }),
});

export const FormRequestSaveBodySchema = z.object({ values: FormAnswersSchema, domain: DomainSchema });
/** Path parameters: ids are ours (uuids or seeded names), so anything long is unknown. */
export const FormRequestIdSchema = z.object({ formRequestId: z.string().min(1).max(64) });
export const ApplicationIdSchema = z.object({ applicationId: z.string().min(1).max(64) });
