/** The resume's response schemas, loaded with the first answer they check (lib/lazy-schema.ts). */
export { CurrentResumeResponseSchema, ResumeUploadResponseSchema } from '@careers/contracts';
