/**
 * The values fields hold (spec §3 "Value shapes") as types and plain checks, for the rule engine (form-rules.ts):
 * a form page judges answers on every keystroke and builds no zod schema to do it (P6), and the server runs the
 * same checks, so the two sides still agree (T16). value-shapes.ts holds them as schemas; value-checks.test.ts
 * holds each check to its schema on random values, and each type to its schema's.
 */
import { FORM_LIMITS, STAR_RATING_MAX, STAR_RATING_MIN } from './form-constants';
import type { ChoiceValue } from './form-items';

/** A calendar day or month as the date fields store it: YYYY-MM-DD, or YYYY-MM for month pickers. */
export const DATE_VALUE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;

/** spec §3: {startDate, endDate, isCurrent}; a missing end is null (or absent). */
export interface DateRangeValue {
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  isCurrent?: boolean | undefined;
}

/** spec §3: an uploaded file entry; content is the file as base64 and status 'done' once read. */
export interface UploadedFileEntry {
  uid: string;
  name: string;
  size: number;
  type: string;
  lastModified?: number | undefined;
  webkitRelativePath?: string | undefined;
  content?: string | undefined;
  status: string;
}

/** All answers of a form, by field name. */
export type FormValues = Record<string, unknown>;

/** An object as z.object takes one: anything non-null of type object but an array. */
function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record as z.record takes one: an object of Object's (or no) prototype. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (!isObjectLike(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isShortString(value: unknown, max: number, min = 0): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/** z.number(): finite. */
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isOptional<T>(value: unknown, check: (value: unknown) => value is T): boolean {
  return value === undefined || check(value);
}

function isListOf<T>(value: unknown, max: number, check: (entry: unknown) => entry is T): value is T[] {
  return Array.isArray(value) && value.length <= max && value.every((entry) => check(entry));
}

/** TextValueSchema. */
export function isTextValue(value: unknown): value is string {
  return isShortString(value, FORM_LIMITS.textMaxLength);
}

/** ChoiceValueSchema. */
export function isChoiceValue(value: unknown): value is ChoiceValue {
  return isShortString(value, 1000) || isNumber(value) || typeof value === 'boolean';
}

/** CheckboxGroupValueSchema. */
export function isCheckboxGroupValue(value: unknown): value is ChoiceValue[] {
  return isListOf(value, FORM_LIMITS.choices, isChoiceValue);
}

function isDateValue(value: unknown): value is string {
  return typeof value === 'string' && DATE_VALUE_PATTERN.test(value);
}

const isNullableDate = (value: unknown): value is string | null => value === null || isDateValue(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** DateRangeValueSchema. */
export function isDateRangeValue(value: unknown): value is DateRangeValue {
  return (
    isObjectLike(value) &&
    isOptional(value.startDate, isNullableDate) &&
    isOptional(value.endDate, isNullableDate) &&
    isOptional(value.isCurrent, isBoolean)
  );
}

/** DynamicListValueSchema. */
export function isDynamicListValue(value: unknown): value is Record<string, unknown>[] {
  return isListOf(value, FORM_LIMITS.dynamicListRows, isPlainRecord);
}

function isSkill(value: unknown): value is string {
  return typeof value === 'string' && isShortString(value.trim(), 200, 1);
}

/** SkillsValueSchema. */
export function isSkillsValue(value: unknown): value is string[] {
  return isListOf(value, FORM_LIMITS.skills, isSkill);
}

/** StarRatingValueSchema. */
export function isStarRatingValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= STAR_RATING_MIN && value <= STAR_RATING_MAX;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function isUploadedFileEntry(value: unknown): value is UploadedFileEntry {
  return (
    isObjectLike(value) &&
    isShortString(value.uid, 200) &&
    isShortString(value.name, 255, 1) &&
    typeof value.size === 'number' &&
    Number.isSafeInteger(value.size) &&
    value.size >= 0 &&
    isShortString(value.type, 255) &&
    isOptional(value.lastModified, isNumber) &&
    isOptional(value.webkitRelativePath, (path): path is string => isShortString(path, 1000)) &&
    isOptional(value.content, isString) &&
    isShortString(value.status, 20)
  );
}

/** FileListValueSchema. */
export function isFileListValue(value: unknown): value is UploadedFileEntry[] {
  return isListOf(value, FORM_LIMITS.files, isUploadedFileEntry);
}
