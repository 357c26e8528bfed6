/**
 * The rule engine (spec §5 "Form rules", §8 "Form default messages"): pure functions the browser and the
 * server both call, so a value is judged identically on each side.
 *
 * Order for one item: a missing value answers `required` (or passes when optional); then the value's shape
 * for the item type (a text is a string, a select holds one of its options, a file list holds entries...);
 * then the item's rules in order, the first failure winning and a rule's own message replacing the default;
 * then the checks the type implies (an email field checks email, a phone field the form phone check, a date
 * range both ends, a file upload its allowed types) unless a rule of that type already judged it; finally
 * the named custom validator.
 *
 * Definitions are parsed with FormDefinitionSchema first; values may be any JSON. Nothing here throws.
 */
import { runCustomValidator } from './custom-validators';
import { DEFAULT_ALLOWED_FILE_TYPES, FORM_LIMITS, NOT_APPLICABLE_VALUE, REQUIRED_LABEL_MAX_LENGTH } from './form-constants';
import type { AnyFormItem, FormRule } from './form-definition';
import { isDisplayOnlyItem, type ChoiceValue, type FormItemType, type FormRuleType } from './form-items';
import { customMessageError, formError, requiredError, type FieldError } from './form-messages';
import {
  addDays,
  fileByteSize,
  fileExtension,
  isBase64Content,
  isRealDate,
  isRecord,
  megabytesToBytes,
  textLength,
  toFiniteNumber,
} from './form-values';
import { EMAIL_FORMAT_EXAMPLE, isEmail } from './email-rule';
import { isSin, isSsn } from './identity-numbers';
import { checkStrictPhone, isEmptyPhone, isLenientPhone, isValidFormPhone } from './phone-rule';
import { parseRegexLiteral } from './regex-literal';
import { sameScalar } from './visibility';
import {
  isCheckboxGroupValue,
  isDateRangeValue,
  isDynamicListValue,
  isFileListValue,
  isSkillsValue,
  isStarRatingValue,
  isTextValue,
} from './value-checks';
import type { DateRangeValue, UploadedFileEntry } from './value-checks';

export interface ValidationContext {
  /** Today as YYYY-MM-DD (date bounds, a current date range). Default: today in UTC. */
  today?: string;
  /** The country a phone number without a calling code belongs to (spec §5: the page's country, else US). */
  defaultCountry?: string;
}

interface Context {
  today: string;
  defaultCountry: string | undefined;
}

function resolveContext(context: ValidationContext | undefined): Context {
  const today = context?.today !== undefined && isRealDate(context.today) && context.today.length === 10 ? context.today : new Date().toISOString().slice(0, 10);
  return { today, defaultCountry: context?.defaultCountry };
}

// Arrays rather than Sets at module level: nothing for the web bundler to keep when this module is unused.
const TEXT_TYPES: readonly FormItemType[] = ['text', 'textarea', 'email', 'phone', 'ssn', 'sin'];
const CHOICE_TYPES: readonly FormItemType[] = ['select', 'dropdown', 'radio'];
const FILE_TYPES: readonly FormItemType[] = ['file_upload', 'fileUpload'];
const LIST_TYPES: readonly FormItemType[] = ['dynamicList', 'file_upload', 'fileUpload', 'checkboxItem', 'skillSelector'];

export function isFileItem(item: Pick<AnyFormItem, 'type'>): boolean {
  return FILE_TYPES.includes(item.type);
}

/** Whether an item holds no answer, as `required` means it per type (spec §4, §5). */
export function isMissingValue(item: Pick<AnyFormItem, 'type'>, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return item.type === 'phone' ? isEmptyPhone(value) : value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (item.type === 'checkbox' || item.type === 'esignForm' || item.type === 'embedded_form') return value === false;
  if (item.type === 'dateRange' && isRecord(value)) {
    return isBlankDate(value.startDate) && isBlankDate(value.endDate) && value.isCurrent !== true;
  }
  return false;
}

function isBlankDate(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function staticChoices(item: AnyFormItem): readonly ChoiceValue[] | null {
  if (item.type === 'radio') return item.radioOptions?.choices?.map((choice) => choice.value) ?? null;
  if (item.type === 'checkboxItem') return item.checkboxOptions?.choices?.map((choice) => choice.value) ?? null;
  const options = item.selectOptions;
  // Options loaded from an address or a search are not known here.
  if (options?.apiEndpoint !== undefined || options?.apiCall !== undefined) return null;
  const choices = options?.choices?.map((choice) => choice.value) ?? null;
  // spec §8: a select with no choices offers Not Applicable.
  return choices !== null && choices.length === 0 ? [NOT_APPLICABLE_VALUE] : choices;
}

function isChoiceScalar(value: unknown): value is ChoiceValue {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function shapeError(code: Parameters<typeof formError>[1] = 'invalidValue'): FieldError {
  return formError('type', code);
}

/** The value has the shape its item type holds; null when it does. */
function checkShape(item: AnyFormItem, value: unknown): FieldError | null {
  if (TEXT_TYPES.includes(item.type)) return isTextValue(value) ? null : shapeError();
  if (CHOICE_TYPES.includes(item.type)) {
    if (!isChoiceScalar(value)) return shapeError('invalidChoice');
    const choices = staticChoices(item);
    return choices === null || choices.some((choice) => sameScalar(value, choice)) ? null : shapeError('invalidChoice');
  }
  switch (item.type) {
    case 'number':
      return toFiniteNumber(value) === null ? shapeError('invalidNumber') : null;
    case 'checkbox':
      return typeof value === 'boolean' ? null : shapeError();
    case 'checkboxItem': {
      if (!isCheckboxGroupValue(value)) return shapeError('invalidChoice');
      const choices = staticChoices(item);
      const known = choices === null || value.every((entry) => choices.some((choice) => sameScalar(entry, choice)));
      return known && new Set(value).size === value.length ? null : shapeError('invalidChoice');
    }
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? null : shapeError('invalidDate');
    case 'dateRange': {
      if (!isDateRangeValue(value)) return shapeError('invalidDate');
      const { startDate, endDate } = value;
      return [startDate, endDate].every((date) => isBlankDate(date) || isRealDate(date as string)) ? null : shapeError('invalidDate');
    }
    case 'dynamicList':
      return isDynamicListValue(value) ? null : shapeError();
    case 'skillSelector':
      return isSkillsValue(value) ? null : shapeError();
    case 'star_rating':
      return isStarRatingValue(value) ? null : shapeError('starRating');
    case 'file_upload':
    case 'fileUpload': {
      if (!isFileListValue(value)) return shapeError();
      if (value.some((entry) => entry.content !== undefined && !isBase64Content(entry.content))) return shapeError();
      return value.every((entry) => entry.status === 'done') ? null : formError('type', 'uploadFailed');
    }
    default:
      // esignForm and embedded_form hold what their frame reports.
      return null;
  }
}

function countCodes(item: AnyFormItem): { min: 'minFiles' | 'minRows' | 'minItems'; max: 'maxFiles' | 'maxRows' | 'maxItems' } {
  if (isFileItem(item)) return { min: 'minFiles', max: 'maxFiles' };
  if (item.type === 'dynamicList') return { min: 'minRows', max: 'maxRows' };
  return { min: 'minItems', max: 'maxItems' };
}

function fileNames(entries: readonly UploadedFileEntry[]): string {
  return entries.map((entry) => entry.name).join(', ');
}

function fileEntries(value: unknown): UploadedFileEntry[] | null {
  return isFileListValue(value) ? value : null;
}

function emailError(): FieldError {
  return formError('email', 'email', { email: EMAIL_FORMAT_EXAMPLE });
}

/** The default error of one rule, or null when it passes or does not apply to this kind of value. */
function ruleError(rule: FormRule, item: AnyFormItem, value: unknown, context: Context): FieldError | null {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (rule.type) {
    case 'email':
      return text === null || isEmail(text, rule.value === true) ? null : emailError();
    case 'phone': {
      if (text === null) return null;
      if (rule.value !== true) return isLenientPhone(text) ? null : formError('phone', 'phone');
      const verdict = checkStrictPhone(text, phoneCountry(item, context));
      if (verdict === 'ok') return null;
      if (verdict === 'characters') return formError('phone', 'phone');
      return formError('phone', verdict === 'callingCode' ? 'phoneCallingCode' : 'phoneInvalid');
    }
    case 'regex': {
      if (text === null) return null;
      const pattern = parseRegexLiteral(rule.value);
      const passes = pattern !== null && textLength(text) <= FORM_LIMITS.regexInputMaxLength && pattern.test(text);
      return passes ? null : formError('regex', 'regex');
    }
    case 'minLength':
    case 'maxLength': {
      const isMin = rule.type === 'minLength';
      if (text !== null) {
        const length = textLength(text);
        if (isMin ? length >= rule.value : length <= rule.value) return null;
        return formError(rule.type, rule.type, { count: rule.value });
      }
      if (!Array.isArray(value)) return null;
      if (isMin ? value.length >= rule.value : value.length <= rule.value) return null;
      const codes = countCodes(item);
      return formError(rule.type, isMin ? codes.min : codes.max, { count: rule.value });
    }
    case 'minValue':
    case 'maxValue': {
      if (Array.isArray(value) || isRecord(value)) return null;
      const number = toFiniteNumber(value);
      const passes = number !== null && (rule.type === 'minValue' ? number >= rule.value : number <= rule.value);
      return passes ? null : formError(rule.type, rule.type, { count: rule.value });
    }
    case 'ssn':
      return text === null || isSsn(text) ? null : formError('ssn', 'ssn');
    case 'sin':
      return text === null || isSin(text) ? null : formError('sin', 'sin');
    case 'maxFileSizeMB': {
      const entries = fileEntries(value);
      if (entries === null) return null;
      return fileSizeError(entries, rule.value, rule.type);
    }
    case 'maxCumulativeFileSizeMB': {
      const entries = fileEntries(value);
      if (entries === null) return null;
      const total = entries.reduce((sum, entry) => sum + fileByteSize(entry), 0);
      return total <= megabytesToBytes(rule.value) ? null : formError(rule.type, 'filesTooLargeTotal', { size: rule.value });
    }
    default:
      return null;
  }
}

function fileSizeError(entries: readonly UploadedFileEntry[], megabytes: number, rule: string): FieldError | null {
  const limit = megabytesToBytes(megabytes);
  const tooLarge = entries.filter((entry) => fileByteSize(entry) > limit);
  if (tooLarge.length === 0) return null;
  return formError(rule, 'fileTooLarge', { count: tooLarge.length, size: megabytes, names: fileNames(tooLarge) });
}

function phoneCountry(item: AnyFormItem, context: Context): string | undefined {
  return item.phoneOptions?.defaultCountryCode ?? context.defaultCountry;
}

/** Compares YYYY-MM-DD with YYYY-MM at the coarser of the two. */
function compareDates(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  return a.slice(0, length).localeCompare(b.slice(0, length));
}

function resolveBound(bound: number | string, today: string): string {
  return typeof bound === 'number' ? addDays(today, bound) : bound;
}

/** Checks the item type implies, skipped when one of the item's rules of that kind already passed. */
function impliedError(item: AnyFormItem, value: unknown, context: Context, ruleTypes: ReadonlySet<FormRuleType>): FieldError | null {
  const text = typeof value === 'string' ? value.trim() : '';
  switch (item.type) {
    case 'email':
      return ruleTypes.has('email') || isEmail(text, item.emailOptions?.strict === true) ? null : emailError();
    case 'phone':
      return ruleTypes.has('phone') || isValidFormPhone(text, phoneCountry(item, context)) ? null : formError('phone', 'phoneCountry');
    case 'ssn':
      return ruleTypes.has('ssn') || isSsn(text) ? null : formError('ssn', 'ssn');
    case 'sin':
      return ruleTypes.has('sin') || isSin(text) ? null : formError('sin', 'sin');
    case 'date':
      return dateBoundError(item, text, context);
    case 'dateRange':
      return dateRangeError(value as DateRangeValue, context);
    case 'file_upload':
    case 'fileUpload':
      return fileTypeError(item, value as UploadedFileEntry[]);
    default:
      return null;
  }
}

function dateBoundError(item: AnyFormItem, date: string, context: Context): FieldError | null {
  const { enableFrom, enableUntil } = item.dateOptions ?? {};
  if (enableFrom !== undefined) {
    const from = resolveBound(enableFrom, context.today);
    if (compareDates(date, from) < 0) return formError('date', 'dateTooEarly', { date: from });
  }
  if (enableUntil !== undefined) {
    const until = resolveBound(enableUntil, context.today);
    if (compareDates(date, until) > 0) return formError('date', 'dateTooLate', { date: until });
  }
  return null;
}

/** spec §5: either end given means both are needed; a current range ends today. */
function dateRangeError(range: DateRangeValue, context: Context): FieldError | null {
  const start = isBlankDate(range.startDate) ? null : (range.startDate as string);
  const end = range.isCurrent === true ? context.today : isBlankDate(range.endDate) ? null : (range.endDate as string);
  if (start === null || end === null) return formError('dateRange', 'dateRange');
  return compareDates(start, end) <= 0 ? null : formError('dateRange', 'dateRangeOrder');
}

function fileTypeError(item: AnyFormItem, entries: readonly UploadedFileEntry[]): FieldError | null {
  const options = item.fileUploadOptions;
  const allowed = (options?.allowedTypes ?? DEFAULT_ALLOWED_FILE_TYPES).map((type) => type.replace(/^\./, '').toLowerCase());
  const refused = entries.filter((entry) => !allowed.includes(fileExtension(entry.name)));
  if (refused.length > 0) {
    return formError('allowedTypes', 'fileType', { count: refused.length, names: fileNames(refused), types: allowed.join(', ') });
  }
  return options?.uploadSize === undefined ? null : fileSizeError(entries, options.uploadSize, 'uploadSize');
}

/**
 * An optional text left empty passes its minLength, but a list's minLength is a count the list must reach
 * (spec §4: a dynamic list with a minimum starts with that many rows; "Upload at least 1 file."), so an
 * empty list still answers the first minLength above zero.
 */
function emptyListError(item: AnyFormItem, context: Context): FieldError | null {
  if (!LIST_TYPES.includes(item.type)) return null;
  const rule = item.rules?.find((candidate) => candidate.type === 'minLength' && candidate.value > 0);
  if (rule === undefined) return null;
  const error = ruleError(rule, item, [], context);
  return error && rule.message ? customMessageError(rule.type, rule.message) : error;
}

function customValidatorError(item: AnyFormItem, value: unknown): FieldError | null {
  const validator = item.customValidator;
  if (validator === undefined) return null;
  const name = typeof validator === 'string' ? validator : validator.name;
  const code = runCustomValidator(name, value);
  if (code === null) return null;
  const message = typeof validator === 'string' ? undefined : validator.message;
  return message ? customMessageError(`custom:${name}`, message) : formError(`custom:${name}`, code);
}

/**
 * Judges one item's value: the first error, or null when the value is acceptable. Display items (info,
 * instruction) hold nothing and always pass. Dynamic list rows are judged by validateForm.
 */
export function validateItem(item: AnyFormItem, value: unknown, context?: ValidationContext): FieldError | null {
  if (isDisplayOnlyItem(item)) return null;
  const resolved = resolveContext(context);
  if (isMissingValue(item, value)) {
    if (item.required === true) return requiredError(item.label, REQUIRED_LABEL_MAX_LENGTH);
    return emptyListError(item, resolved);
  }
  const shape = checkShape(item, value);
  if (shape) return shape;
  const rules = item.rules ?? [];
  for (const rule of rules) {
    const error = ruleError(rule, item, value, resolved);
    if (error) return rule.message ? customMessageError(rule.type, rule.message) : error;
  }
  const implied = impliedError(item, value, resolved, new Set(rules.map((rule) => rule.type)));
  if (implied) return implied;
  return customValidatorError(item, value);
}
