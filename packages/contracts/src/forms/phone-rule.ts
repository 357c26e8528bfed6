/**
 * Phone numbers (spec §5 "Email and phone"), on libphonenumber-js with its `min` metadata.
 *
 * Why `min` and not `max`: this code ships in the browser (the apply page) as well as the server. `min`
 * (~80 kB of metadata) knows every country's calling code, national prefix and valid lengths, which is all
 * the spec's checks need (a country check and a valid number for the default country). `max` (~145 kB)
 * adds per-type digit patterns: 65 kB more on a phone, and a stricter verdict that rejects numbers from
 * ranges opened after the metadata was published. Both sides import the same entry point, so the browser
 * and the server always agree.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  type CountryCode,
} from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY } from './form-constants';

/** Phone numbers longer than this are not phone numbers; also bounds the parser's work. */
const PHONE_MAX_LENGTH = 40;

/** Strict: only digits, plus, minus, dot, parentheses and spaces. */
const STRICT_PHONE_CHARS = /^[0-9+\-.() ]+$/;
/** Lenient: rejected when it begins with a letter or any of - # : . \ / % @ ! */
const LENIENT_PHONE_BAD_START = /^[\p{L}\-#:.\\/%@!]/u;

export type PhoneVerdict = 'ok' | 'characters' | 'callingCode' | 'number';

export function resolveCountry(country: string | undefined): CountryCode {
  return country !== undefined && isSupportedCountry(country) ? country : DEFAULT_PHONE_COUNTRY;
}

/** Keeps digits and plus signs only (the form phone compares numbers this way). */
export function phoneDigits(value: string): string {
  return value.replace(/[^\d+]/g, '');
}

/** spec §5 non-strict phone rule. */
export function isLenientPhone(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= PHONE_MAX_LENGTH && !LENIENT_PHONE_BAD_START.test(trimmed);
}

/** spec §5 strict phone rule: allowed characters, then a known calling code and a number valid for it. */
export function checkStrictPhone(value: string, defaultCountry?: string): PhoneVerdict {
  const trimmed = value.trim();
  if (trimmed.length > PHONE_MAX_LENGTH || !STRICT_PHONE_CHARS.test(trimmed)) return 'characters';
  try {
    const parsed = parsePhoneNumberWithError(trimmed, resolveCountry(defaultCountry));
    return parsed.isValid() ? 'ok' : 'number';
  } catch (error) {
    return error instanceof Error && error.message === 'INVALID_COUNTRY' ? 'callingCode' : 'number';
  }
}

function parseFormPhone(value: string, defaultCountry?: string) {
  const digits = phoneDigits(value);
  if (digits.length === 0 || digits.length > PHONE_MAX_LENGTH) return undefined;
  try {
    return parsePhoneNumberFromString(digits, resolveCountry(defaultCountry));
  } catch {
    return undefined;
  }
}

/**
 * spec §5 "Form phone": the value (calling code joined with the number) is a valid number, read with the
 * default country when it has no calling code, and it names a country and a national number.
 */
export function isValidFormPhone(value: string, defaultCountry?: string): boolean {
  const parsed = parseFormPhone(value, defaultCountry);
  return parsed !== undefined && parsed.isValid() && parsed.country !== undefined && parsed.nationalNumber.length > 0;
}

/** '+1 (415) 555-2671' → '+14155552671'; null when it is not a valid number. */
export function toE164(value: string, defaultCountry?: string): string | null {
  const parsed = parseFormPhone(value, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** '+14155552671' → '+1 415 555 2671'; null when it is not a valid number. */
export function toDisplayPhone(value: string, defaultCountry?: string): string | null {
  const parsed = parseFormPhone(value, defaultCountry);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

/** The phone field's internal state (spec §3): the calling code, the number and the chosen country. */
export interface PhoneState {
  callingCode: string;
  number: string;
  selectedCountryCode?: string;
}

/** spec §3: the stored value is the calling code joined with the number ('+1 4155552671'); '' without a number. */
export function joinPhone(state: PhoneState): string {
  const number = state.number.trim();
  if (number === '') return '';
  const code = state.callingCode.replace(/\D/g, '');
  return code === '' ? number : `+${code} ${number}`;
}

/** The inverse of joinPhone for a value read back (a draft, a profile): '+44 20 7946 0958' → code 44. */
export function splitPhone(value: string, defaultCountry?: string): PhoneState {
  const parsed = parseFormPhone(value, defaultCountry);
  if (parsed) {
    return { callingCode: parsed.countryCallingCode, number: parsed.formatNational(), selectedCountryCode: parsed.country ?? resolveCountry(defaultCountry) };
  }
  const match = /^\s*\+(\d{1,3})\s+(.*)$/.exec(value);
  if (match) return { callingCode: match[1] ?? '', number: match[2] ?? '' };
  return { callingCode: '', number: value.trim() };
}

/** A phone value holding no number: blank, or a calling code alone ('+1'). */
export function isEmptyPhone(value: string): boolean {
  return /^\s*(\+\s*\d{0,3})?\s*$/.test(value);
}

/** Every country the phone field offers, with its calling code ('GB' → '44'), for the country picker. */
export function listPhoneCountries(): { country: string; callingCode: string }[] {
  return getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
}

/** The calling code of a country ('CA' → '1'); the default country's for an unknown one. */
export function callingCodeOf(country: string | undefined): string {
  return getCountryCallingCode(resolveCountry(country));
}
