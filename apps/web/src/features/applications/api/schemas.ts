/**
 * The apply page's response schemas, loaded with the first answer they check (lib/lazy-schema.ts): the apply
 * page's own code then builds no zod schema while it hydrates (P6). The form's own answer is checked on the
 * definition worker (forms/definition/answer-checks.ts).
 */
export { ApplyResponseSchema, DraftSavedResponseSchema, ResumeParseResponseSchema } from '@careers/contracts';
