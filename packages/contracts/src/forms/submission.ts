/**
 * The server's entry point for a submitted form (an application, a requested form, onboarding): one call
 * that judges the answers with the same engine the browser runs and keeps only what belongs to the form.
 * T16 parity compares this function with the web's resolver (apps/web/src/forms).
 */
import type { FormDefinition } from './form-definition';
import type { FieldError } from './form-messages';
import type { ValidationContext } from './form-rules';
import { pickVisibleValues, strayFields, validateForm } from './form-validation';
import type { FormValues } from './value-shapes';

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

/**
 * What to do with a file the candidate picked but has not sent yet (an entry still carrying its `content`):
 * - `keepMetadata`: keep the entry without its bytes (name, size, type, uid) — the server's drafts and a
 *   form request's saved progress (forms center), which list what the candidate chose;
 * - `drop`: leave the entry out, keeping only files already stored (entries with a `fileId`), and the field
 *   when none is left — the apply page's tab copy and its server draft, which are restored into the form,
 *   where a file without its bytes could not be sent and would only look attached.
 */
export type UnsentFileRule = 'keepMetadata' | 'drop';

function isUnsentFile(entry: unknown): boolean {
  return entry !== null && typeof entry === 'object' && 'content' in entry;
}

/**
 * What a draft, saved progress or a tab's copy keeps: everything typed, and file entries without their bytes
 * (a draft body is small; files are sent, and checked, with the submit). The one rule for the browser and the
 * server (issue 9, left over: there were two functions of this name with different rules); `unsentFiles`
 * says what becomes of a file not sent yet (UnsentFileRule). Stored files (a `fileId`, no `content`) are kept
 * either way.
 */
export function withoutFileContents(values: FormValues, options: { unsentFiles: UnsentFileRule }): FormValues {
  const result: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (!Array.isArray(value) || !value.some(isUnsentFile)) {
      result[key] = value;
      continue;
    }
    if (options.unsentFiles === 'keepMetadata') {
      result[key] = value.map((entry: unknown) => {
        if (!isUnsentFile(entry)) return entry;
        const { content: _content, ...rest } = entry as Record<string, unknown>;
        return rest;
      });
      continue;
    }
    const stored = value.filter((entry: unknown) => entry !== null && typeof entry === 'object' && !isUnsentFile(entry) && 'fileId' in entry);
    if (stored.length > 0) result[key] = stored;
  }
  return result;
}
