import { z } from 'zod';
import { PositionIdSchema, PositionIdTextSchema } from './positions';
import { APPLICATION_STAGES, APPLY_MAX_POSITIONS, FORM_FIELD_NAME_MAX_LENGTH, FORM_REQUEST_STATUSES, FORM_VALUES_MAX_FIELDS } from './application-rules';

/**
 * Applying (issue 9): the apply form, drafts, submitting, the dashboard's applications and the forms center.
 * Wire style as elsewhere: JSON bodies `{ data: … }`, failures `{ error: { code, message, fields? } }` with one
 * message per form field under `fields` (a submit's field errors).
 */

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

export const ApplicationStageSchema = z.enum(APPLICATION_STAGES);
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

export const FormRequestStatusSchema = z.enum(FORM_REQUEST_STATUSES);
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
