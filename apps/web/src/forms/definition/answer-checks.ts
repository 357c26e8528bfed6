import { ApplyFormResponseSchema, FormRequestDetailResponseSchema } from '@careers/contracts';
import { parseFormDefinition } from './parse-definition';

/**
 * The answers that carry a form definition, each checked whole with its response schema and its definition read
 * by the engine's, where definitions are read (the definition worker, definition-check.ts): the page that fetched
 * one then builds no zod schema for it (P6). A refused answer throws, as a response schema does.
 */
export const answerChecks = {
  /** GET /api/pcsx/apply_form. */
  applyForm(answer: unknown) {
    const { data } = ApplyFormResponseSchema.parse(answer);
    return { ...data, definition: parseFormDefinition(data.form) };
  },
  /** GET /api/pcsx/forms/{id} (the forms center's form view). */
  formRequest(answer: unknown) {
    const { data } = FormRequestDetailResponseSchema.parse(answer);
    return { ...data, definition: parseFormDefinition(data.form) };
  },
};

export type AnswerKind = keyof typeof answerChecks;
export type CheckedAnswer<Kind extends AnswerKind> = ReturnType<(typeof answerChecks)[Kind]>;
