import { z } from 'zod';
import { ParsedResumeSchema, ProfileResumeSchema } from './candidate-profile';

/** POST /api/pcsx/upload_resume and /api/pcsx/parse_resume: their answers (resume-rules.ts: their fields). */
export const ResumeUploadCandidateSchema = z.object({
  encId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The candidate's own location, or the resume's when they have none yet (spec §4: the search takes it when empty). */
  location: z.string().nullable(),
});
export type ResumeUploadCandidate = z.infer<typeof ResumeUploadCandidateSchema>;

export const ResumeUploadResponseSchema = z.object({
  candidate: ResumeUploadCandidateSchema,
  parsed: ParsedResumeSchema,
  resume: ProfileResumeSchema,
});
export type ResumeUploadResponse = z.infer<typeof ResumeUploadResponseSchema>;

/** GET /api/pcsx/resume → `{ data: ProfileResume | null }`. */
export const CurrentResumeResponseSchema = z.object({ data: ProfileResumeSchema.nullable() });
export type CurrentResumeResponse = z.infer<typeof CurrentResumeResponseSchema>;

export const ResumeParseResponseSchema = z.object({
  data: z.object({
    parsed: ParsedResumeSchema,
    values: z.record(z.string(), z.unknown()),
  }),
});
export type ResumeParseResponse = z.infer<typeof ResumeParseResponseSchema>;
