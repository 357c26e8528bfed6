import { z } from 'zod';

/**
 * GET /api/pcsx/match_details (spec §7): how the signed-in candidate's profile matches a position.
 * isStrongMatch compares score with searchConfig.strongMatchThreshold (spec §3, §9). Reasons are codes
 * with data, not sentences, so the web translates them (STYLE "never concatenate sentences").
 */

export const MatchReasonSchema = z.discriminatedUnion('code', [
  /** Skills the candidate has that the job asks for. */
  z.object({ code: z.literal('skills_matched'), skills: z.array(z.string()), total: z.number().int().nonnegative() }),
  /** Skills the job asks for that the profile lacks: the web links to add them to the profile (issue 3). */
  z.object({ code: z.literal('skills_missing'), skills: z.array(z.string()) }),
  /** The profile lists no skills at all: the web invites the candidate to add some. */
  z.object({ code: z.literal('profile_has_no_skills') }),
  z.object({ code: z.literal('title_matched'), title: z.string() }),
  z.object({ code: z.literal('location_matched'), location: z.string() }),
  /** A remote role matches wherever the candidate lives. */
  z.object({ code: z.literal('remote_role') }),
]);
export type MatchReason = z.infer<typeof MatchReasonSchema>;

export const MatchDetailsSchema = z.object({
  /** 0..1, rounded to two decimals. */
  score: z.number().min(0).max(1),
  isStrongMatch: z.boolean(),
  matchedSkills: z.array(z.string()),
  missingSkills: z.array(z.string()),
  titleMatch: z.boolean(),
  locationMatch: z.boolean(),
  reasons: z.array(MatchReasonSchema),
  /**
   * Issue 11: each missing skill with the score the match would have once the profile lists it, highest first,
   * so the page can offer to add it in one step (profile_edit skills add) and say what it would do.
   */
  skillGains: z.array(z.object({ skill: z.string(), score: z.number().min(0).max(1) })).default([]),
});
export type MatchDetails = z.infer<typeof MatchDetailsSchema>;

/**
 * The body is `{ data }`. A visitor who is not signed in gets 401 with `x-login` (there is no profile
 * to compare), so the page asks only when signed in; data stays nullable for callers that cache it.
 */
export const MatchDetailsResponseSchema = z.object({ data: MatchDetailsSchema.nullable() });
export type MatchDetailsResponse = z.infer<typeof MatchDetailsResponseSchema>;
