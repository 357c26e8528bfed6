import type { FormValues } from '@careers/contracts';
import type { FormDefinition, FormItem } from './form-definition';
import { answerItems } from './form-definition';

/**
 * The one place this module judges form values (issue 9: "the server validates with the same engine"). Until the
 * forms engine (packages/contracts/src/forms: validateForm, pickVisibleValues) is merged, a stand-in applies the
 * rules the seeded forms use; switching to the engine changes only this file.
 */

export interface FormJudgement {
  /** field name → message; empty when the values pass. */
  errors: Record<string, string>;
  /** Only the values of visible items: answers to hidden questions are neither judged nor stored. */
  visibleValues: FormValues;
}

export interface FormContext {
  /** Per-file size limit (file upload config), for file items without their own. */
  maxFileSizeMB: number;
}

export function judgeForm(definition: FormDefinition, values: FormValues, context: FormContext): FormJudgement {
  const errors: Record<string, string> = {};
  const visibleValues: FormValues = {};
  for (const item of answerItems(definition)) {
    if (!isVisible(item, values)) continue;
    const value = values[item.name];
    if (value !== undefined) visibleValues[item.name] = value;
    const message = judgeItem(item, value, context);
    if (message) errors[item.name] = message;
  }
  return { errors, visibleValues };
}

/** Stand-in visibility: the engine's `visibility` conditions of one field (equals, notEquals, in, notIn, notEmpty). */
function isVisible(item: FormItem, values: FormValues): boolean {
  const when = item.visibility as { field?: string; op?: string; value?: unknown } | undefined;
  if (!when?.field) return true;
  const value = values[when.field];
  switch (when.op) {
    case 'equals':
      return value === when.value;
    case 'notEquals':
      return value !== when.value;
    case 'in':
      return Array.isArray(when.value) && when.value.includes(value);
    case 'notIn':
      return Array.isArray(when.value) && !when.value.includes(value);
    case 'notEmpty':
      return !isEmpty(value);
    default:
      return true;
  }
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'string' && value.trim() === '');

function requiredMessage(item: FormItem): string {
  const label = (item.label ?? item.name ?? '').replace(/[\s.:;,!?*]+$/u, '');
  return label.length <= 30 ? `${label} is required` : 'This field is required';
}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function judgeItem(item: FormItem, value: unknown, context: FormContext): string | null {
  if (item.type === 'checkbox' && item.required && value !== true) return requiredMessage(item);
  if (isEmpty(value)) return item.required ? requiredMessage(item) : null;
  if (item.type === 'email' && (typeof value !== 'string' || !SIMPLE_EMAIL.test(value))) return `Email is invalid. Use the format "name@example.com"`;
  if (item.type === 'ssn' && (typeof value !== 'string' || !/^\d{3}-\d{2}-\d{4}$/.test(value))) return 'Social security number is invalid. Enter in the format of XXX-XX-XXXX';
  if (item.type === 'sin' && (typeof value !== 'string' || !/^\d{3}-\d{3}-\d{3}$/.test(value))) return 'Social insurance number is invalid. Enter in the format of XXX-XXX-XXX';
  if (item.type === 'star_rating' && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5)) return 'Enter a value between 1 and 5';
  if ((item.type === 'file_upload' || item.type === 'fileUpload') && Array.isArray(value)) {
    const limit = (item.fileUploadOptions?.uploadSize ?? context.maxFileSizeMB) * 1048576;
    const tooLarge = value.filter((entry) => typeof (entry as { size?: unknown }).size === 'number' && (entry as { size: number }).size > limit);
    if (tooLarge.length > 0) return `${tooLarge.map((entry) => String((entry as { name?: unknown }).name)).join(', ')} exceeds the maximum file size`;
  }
  for (const rule of item.rules ?? []) {
    const failed = ruleMessage(rule.type, rule.value, value);
    if (failed) return rule.message ?? failed;
  }
  return null;
}

function ruleMessage(type: string, expected: unknown, value: unknown): string | null {
  const count = Number(expected);
  const length = typeof value === 'string' || Array.isArray(value) ? value.length : 0;
  switch (type) {
    case 'minLength':
      return length < count ? (Array.isArray(value) ? `Upload at least ${count} file` : `Enter at least ${count} characters`) : null;
    case 'maxLength':
      return length > count ? (Array.isArray(value) ? `Upload no more than ${count} files` : `Enter no more than ${count} characters`) : null;
    case 'regex': {
      const match = /^\/(.*)\/([a-z]*)$/s.exec(String(expected));
      return match && !new RegExp(match[1] ?? '', match[2]).test(String(value)) ? 'Enter a valid value.' : null;
    }
    case 'minValue':
      return Number(value) < count ? `Enter a value greater than or equal to ${count}.` : null;
    case 'maxValue':
      return Number(value) > count ? `Enter a value less than or equal to ${count}.` : null;
    default:
      return null;
  }
}
