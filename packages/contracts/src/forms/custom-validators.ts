/**
 * Named custom validators (spec §3 `customValidator`). A definition names one instead of carrying code; the
 * engine runs it after the item's rules pass. Each returns the message code of its failure or null.
 */
import { isSin, isSsn } from './identity-numbers';
import type { FormErrorCode } from './form-messages';

export const CUSTOM_VALIDATOR_NAMES = ['ssn', 'sin', 'usZipCode', 'caPostalCode', 'personName', 'httpUrl'] as const;
export type CustomValidatorName = (typeof CUSTOM_VALIDATOR_NAMES)[number];

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Validators judge text; any other value fails them. */
const VALIDATORS: Record<CustomValidatorName, (value: string) => boolean> = {
  ssn: isSsn,
  sin: isSin,
  usZipCode: (value) => US_ZIP.test(value),
  caPostalCode: (value) => CA_POSTAL.test(value),
  personName: (value) => value.length <= 200 && PERSON_NAME.test(value),
  httpUrl: isHttpUrl,
};

export function runCustomValidator(name: CustomValidatorName, value: unknown): FormErrorCode | null {
  const check = VALIDATORS[name];
  if (typeof value !== 'string' || !check(value.trim())) return name;
  return null;
}
