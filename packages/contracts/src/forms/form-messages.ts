/**
 * The form engine's messages (spec §8 "Form default messages"), i18n-ready: every error carries a catalogue
 * key and its params as well as the English text, so the web translates the key (namespace `forms`, see
 * packages/i18n/locales/en/forms.json, which must hold the same English text) and the server answers the
 * English text plus the key.
 *
 * Templates use the catalogues' `{param}` placeholders; the spec's `%(count)s` is `{count}` here, and a count
 * picks the `_one`/`_other` variant the way i18next does for English ("Upload at least 1 file." /
 * "Upload at least 2 files.").
 */

export const FORM_MESSAGES_NAMESPACE = 'forms';

/** English text of every error key, without the namespace (`errors.required` is `forms:errors.required`). */
export const FORM_ERROR_MESSAGES_EN = {
  required: 'This field is required',
  requiredNamed: '{name} is required',
  invalidValue: 'Enter a valid value.',
  email: 'Email is invalid. Use the format "{email}".',
  phone: 'Phone number is invalid. Only use digits (0-9), dashes (-) or parentheses ().',
  phoneCountry: 'Enter a valid phone number and country code.',
  phoneInvalid: 'Enter a valid phone number',
  phoneCallingCode: 'Invalid country calling code',
  regex: 'Enter a valid value.',
  minLength_one: 'Enter at least {count} character.',
  minLength_other: 'Enter at least {count} characters.',
  maxLength_one: 'Enter no more than {count} character.',
  maxLength_other: 'Enter no more than {count} characters.',
  minValue: 'Enter a value greater than or equal to {count}.',
  maxValue: 'Enter a value less than or equal to {count}.',
  invalidNumber: 'Enter a valid number.',
  ssn: 'Social security number is invalid. Enter in the format of XXX-XX-XXXX.',
  sin: 'Social insurance number is invalid. Enter in the format of XXX-XXX-XXX.',
  dateRange: 'Please enter both a start and end date.',
  dateRangeOrder: 'The start date must be on or before the end date.',
  invalidDate: 'Enter a valid date.',
  dateTooEarly: 'Choose a date on or after {date}.',
  dateTooLate: 'Choose a date on or before {date}.',
  minFiles_one: 'Upload at least {count} file.',
  minFiles_other: 'Upload at least {count} files.',
  maxFiles_one: 'Upload no more than {count} file.',
  maxFiles_other: 'Upload no more than {count} files.',
  uploadFailed: 'File could not be uploaded.',
  fileTooLarge_one: 'This file is larger than {size} MB: {names}.',
  fileTooLarge_other: 'These files are larger than {size} MB: {names}.',
  filesTooLargeTotal: 'The files together must be no larger than {size} MB.',
  fileType_one: 'This file type is not allowed: {names}. Allowed types: {types}.',
  fileType_other: 'These file types are not allowed: {names}. Allowed types: {types}.',
  minRows_one: 'Add at least {count} entry.',
  minRows_other: 'Add at least {count} entries.',
  maxRows_one: 'Add no more than {count} entry.',
  maxRows_other: 'Add no more than {count} entries.',
  minItems_one: 'Select at least {count} option.',
  minItems_other: 'Select at least {count} options.',
  maxItems_one: 'Select no more than {count} option.',
  maxItems_other: 'Select no more than {count} options.',
  invalidChoice: 'Choose one of the options.',
  starRating: 'Choose a rating from 1 to 5.',
  usZipCode: 'Enter a valid ZIP code.',
  caPostalCode: 'Enter a valid postal code.',
  personName: 'Use letters, spaces, hyphens and apostrophes only.',
  httpUrl: 'Enter a valid web address starting with http:// or https://.',
  /** A message written in the form definition: shown as written (translations come with the definition). */
  custom: '{message}',
} as const;

type MessageEntry = keyof typeof FORM_ERROR_MESSAGES_EN;
/** A message id as callers name it: plural variants are chosen from the `count` param. */
export type FormErrorCode = MessageEntry extends infer K ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : never;

export type MessageParams = Readonly<Record<string, string | number>>;

/** An error of one field: the catalogue key and params for translation, and the English text. */
export interface FieldError {
  /** The rule or check that failed: 'required', 'email', 'minLength', 'type', 'custom:ssn', ... */
  rule: string;
  /** Catalogue key with namespace, e.g. 'forms:errors.requiredNamed'. i18next picks _one/_other from params.count. */
  key: string;
  params: MessageParams;
  /** The English text (what the server answers and what tests compare). */
  message: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function englishTemplate(code: FormErrorCode, params: MessageParams): string {
  const table = FORM_ERROR_MESSAGES_EN as Record<string, string>;
  const count = params.count;
  if (typeof count === 'number') {
    const plural = table[`${code}_${count === 1 ? 'one' : 'other'}`];
    if (plural !== undefined) return plural;
  }
  return table[code] ?? table[`${code}_other`] ?? FORM_ERROR_MESSAGES_EN.invalidValue;
}

/** Fills `{param}` placeholders; an unknown placeholder stays as written. */
export function interpolateMessage(template: string, params: MessageParams): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

export function formError(rule: string, code: FormErrorCode, params: MessageParams = {}): FieldError {
  return {
    rule,
    key: `${FORM_MESSAGES_NAMESPACE}:errors.${code}`,
    params,
    message: interpolateMessage(englishTemplate(code, params), params),
  };
}

/** An error whose text the definition supplied (a rule's `message`): shown as written, under the `custom` key. */
export function customMessageError(rule: string, message: string): FieldError {
  return formError(rule, 'custom', { message });
}

/**
 * spec §8: trailing punctuation stripped from a label before naming it in a message ("Email:" → "Email",
 * "Are you 18 or older?" → "Are you 18 or older"). Closing brackets and quotes stay: "Phone (mobile)".
 */
export function labelForMessage(label: string): string {
  return label.trim().replace(/[\s.,:;!?*…。、？！：]+$/u, '');
}

/**
 * spec §8 "Required": "{name} is required" when the label (trailing punctuation stripped) is 30 characters or
 * fewer, else "This field is required" (also without a label).
 */
export function requiredError(label: string | undefined, maxLabelLength: number): FieldError {
  const name = labelForMessage(label ?? '');
  if (name.length > 0 && name.length <= maxLabelLength) return formError('required', 'requiredNamed', { name });
  return formError('required', 'required');
}
