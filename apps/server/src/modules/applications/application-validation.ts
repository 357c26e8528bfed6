import { pickVisibleValues, validateForm, type FormValues } from '@careers/contracts';
import type { FormDefinition } from './form-definition';

/**
 * The one place this module judges form values (issue 9: "the server validates with the same engine"): the
 * forms engine of packages/contracts, exactly as the browser runs it. Answers to hidden or unknown questions
 * are neither judged nor kept (pickVisibleValues); text is trimmed as stored.
 */

export interface FormJudgement {
  /** field name (a dynamic list row's field as 'list.0.field') → message; empty when the values pass. */
  errors: Record<string, string>;
  /** Only the values of visible items: what is stored. */
  visibleValues: FormValues;
}

export interface FormContext {
  /** Today as YYYY-MM-DD from the server's clock (date bounds, a current date range). */
  today: string;
}

export function judgeForm(definition: FormDefinition, values: FormValues, context: FormContext): FormJudgement {
  const errors: Record<string, string> = {};
  for (const [field, error] of Object.entries(validateForm(definition, values, { today: context.today }))) errors[field] = error.message;
  return { errors, visibleValues: pickVisibleValues(definition, values) };
}
