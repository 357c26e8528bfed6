/**
 * The server's entry point for a submitted form (an application, a requested form, onboarding): one call
 * that judges the answers with the same engine the browser runs and keeps only what belongs to the form.
 * T16 parity compares this function with the web's resolver (apps/web/src/forms).
 */
import type { FormDefinition } from './form-definition';
import type { FieldError } from './form-messages';
import type { ValidationContext } from './form-rules';
import { pickVisibleValues, strayFields, validateForm } from './form-validation';

export type SubmissionVerdict =
  | { ok: true; values: Record<string, unknown>; dropped: { hidden: string[]; unknown: string[] } }
  | { ok: false; errors: Record<string, FieldError>; dropped: { hidden: string[]; unknown: string[] } };

/**
 * Judges a submission body (any JSON). On success `values` is what to store: visible answers only, text
 * trimmed; `dropped` names the keys left out (log them, never store them).
 */
export function judgeSubmission(definition: FormDefinition, body: unknown, context?: ValidationContext): SubmissionVerdict {
  const dropped = strayFields(definition, body);
  const errors = validateForm(definition, body, context);
  if (Object.keys(errors).length > 0) return { ok: false, errors, dropped };
  return { ok: true, values: pickVisibleValues(definition, body), dropped };
}

/** The English message per field, as the server's ValidationError carries `fields`. */
export function fieldErrorMessages(errors: Readonly<Record<string, FieldError>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error.message]));
}

/** The catalogue key and params per field, for a client that translates (sent beside `fields`). */
export function fieldErrorKeys(errors: Readonly<Record<string, FieldError>>): Record<string, { key: string; params: FieldError['params'] }> {
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, { key: error.key, params: error.params }]));
}

export { withoutFileContents, type UnsentFileRule } from './file-contents';
