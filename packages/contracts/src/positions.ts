import { z } from 'zod';

/**
 * spec §3 "Position" on the wire. The spec names only id, archived_at, positionUserActions.isSaved and
 * location; the rest is what the search list, the detail page, the map and the JSON-LD block need.
 * Field names follow the spec's snake_case wire style; the presenter is the only producer.
 */

import { POSITION_ID_PATTERN } from './position-limits';

export const PositionIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An id as it arrives in a query string or a JSON string list (`position_id`, `pids`). */
export const PositionIdTextSchema = z
  .string()
  .trim()
  .regex(POSITION_ID_PATTERN, 'Position id must be a positive whole number')
  .transform(Number);

export const WorkLocationOptionSchema = z.enum(['onsite', 'remote', 'hybrid']);
export type WorkLocationOption = z.infer<typeof WorkLocationOptionSchema>;

/**
 * The stored codes (the seed writes FULL_TIME, PART_TIME, CONTRACT, INTERNSHIP, TEMPORARY); the JSON-LD
 * builder maps them to Google's list, where CONTRACT is CONTRACTOR and INTERNSHIP is INTERN.
 */
export const EmploymentTypeSchema = z.enum([
  'FULL_TIME', 'PART_TIME', 'CONTRACT', 'TEMPORARY', 'INTERNSHIP', 'PER_DIEM', 'VOLUNTEER', 'OTHER',
]);
export type EmploymentType = z.infer<typeof EmploymentTypeSchema>;

export const SalaryPeriodSchema = z.enum(['hour', 'day', 'week', 'month', 'year']);
export type SalaryPeriod = z.infer<typeof SalaryPeriodSchema>;

export const SalarySchema = z
  .object({
    min: z.number().nonnegative(),
    max: z.number().nonnegative(),
    /** ISO 4217, e.g. USD. */
    currency: z.string().regex(/^[A-Z]{3}$/),
    period: SalaryPeriodSchema,
  })
  .refine((salary) => salary.min <= salary.max, { message: 'Salary minimum exceeds its maximum', path: ['max'] });
export type Salary = z.infer<typeof SalarySchema>;

export const PositionLocationSchema = z.object({
  city: z.string(),
  /** State, province or county; null where a country has none. */
  region: z.string().nullable(),
  /** As stored: an English country name ("United States") or an ISO 3166-1 alpha-2 code. */
  country: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PositionLocation = z.infer<typeof PositionLocationSchema>;

export const PositionUserActionsSchema = z.object({
  isSaved: z.boolean(),
  isInCart: z.boolean(),
});
export type PositionUserActions = z.infer<typeof PositionUserActionsSchema>;

const isoDateTime = z.iso.datetime({ offset: true });

export const PositionSchema = z.object({
  id: PositionIdSchema,
  name: z.string().min(1),
  department: z.string(),
  employment_type: EmploymentTypeSchema,
  /** Free text from the employer's levels (e.g. "Senior"); facets count it as-is. */
  seniority: z.string(),
  /**
   * Plain text, never HTML: paragraphs are separated by a blank line and lines starting with "- " are
   * list items (see position-description.ts). The web renders it as text, so no employer markup can run
   * in a candidate's browser; the JSON-LD builder turns the same blocks into the simple HTML Google reads.
   */
  description: z.string(),
  skills: z.array(z.string()),
  /** Every place the job can be done from; empty for a remote role open anywhere. */
  locations: z.array(PositionLocationSchema),
  /** Display string for the list card, e.g. "Boston, MA, US" or "Boston, MA, US +2 more" or "Remote". */
  location: z.string(),
  is_remote: z.boolean(),
  work_location_option: WorkLocationOptionSchema,
  salary: SalarySchema.nullable(),
  /** When the position was published; "newest" sorts on it. */
  posted_at: isoDateTime,
  valid_through: isoDateTime.nullable(),
  /** Set once the employer closes the position: it leaves search and the sitemap (issue 3). */
  archived_at: isoDateTime.nullable(),
  positionUserActions: PositionUserActionsSchema,
});
export type Position = z.infer<typeof PositionSchema>;

/** GET /api/pcsx/position_details (spec §7): query position_id, domain, optional queried_location. */
export const PositionDetailsQuerySchema = z.object({
  position_id: PositionIdTextSchema,
  domain: z.string().max(253).optional(),
  /** The location the candidate searched for: the presenter lists the matching location first. */
  queried_location: z.string().max(200).optional(),
});
export type PositionDetailsQuery = z.output<typeof PositionDetailsQuerySchema>;

/** Query of match_details, overrides and position_insights (spec §7): position_id and domain. */
export const PositionQuerySchema = z.object({
  position_id: PositionIdTextSchema,
  domain: z.string().max(253).optional(),
});
export type PositionQuery = z.output<typeof PositionQuerySchema>;

/**
 * spec §3 "Position details response: data plus metadata.isFallback". isFallback is true when the
 * position is archived (issue 3: an archived position's page still answers, marked as a fallback, so an
 * old link shows "no longer open" instead of a 404).
 */
export const PositionDetailsResponseSchema = z.object({
  data: PositionSchema,
  metadata: z.object({ isFallback: z.boolean() }),
});
export type PositionDetailsResponse = z.infer<typeof PositionDetailsResponseSchema>;

/**
 * Save or unsave a position (spec §4 "Saved flag on a position is true when the action is save").
 * The spec names no path; we use POST /api/pcsx/positions/saved with this body.
 */
export const SavePositionBodySchema = z.object({
  position_id: z.union([PositionIdSchema, PositionIdTextSchema]),
  action: z.enum(['save', 'unsave']),
  domain: z.string().max(253).optional(),
});
export type SavePositionBody = z.input<typeof SavePositionBodySchema>;

export const SavePositionResponseSchema = z.object({
  position_id: PositionIdSchema,
  isSaved: z.boolean(),
});
export type SavePositionResponse = z.infer<typeof SavePositionResponseSchema>;

/**
 * GET /api/pcsx/positions/saved: the candidate's saved positions, newest save first. Archived ones stay
 * listed (the candidate saved them; the card says the job is closed) — `archived_at` tells them apart.
 */
export const SavedPositionsResponseSchema = z.object({
  count: z.number().int().nonnegative(),
  positions: z.array(PositionSchema),
});
export type SavedPositionsResponse = z.infer<typeof SavedPositionsResponseSchema>;
