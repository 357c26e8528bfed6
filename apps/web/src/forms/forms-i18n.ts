import enForms from '@careers/i18n/locales/en/forms.json';
import type { FieldError } from '@careers/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../lib/screen-catalogue';
import { isolate } from '../ui/bdi';

/** The form engine's namespace: it ships with the form screens' lazy chunks (QUALITY P5). */
export const FORMS_NS = 'forms';
export const FORMS_CATALOGUE_EN = enForms;

/** Makes the forms catalogue available (English at once, the current language when it arrives). */
export function useFormsCatalogue(): string {
  return useScreenCatalogue(FORMS_NS, enForms);
}

export function useFormsTranslation() {
  return useTranslation(FORMS_NS);
}

/** The params of an engine error that hold the candidate's or the tenant's words: file names, a field's label. */
const USER_TEXT_PARAMS = ['names', 'name'] as const;

/**
 * An engine error in the reader's language: its key and params through the catalogue; the engine's English
 * text when the catalogue has no such key (a newer engine than catalogue never shows a raw key). An error is
 * a string (react-hook-form keeps it so), so file names and labels in it are isolated with U+2068…U+2069
 * (issue 13), so a file name's brackets or a label's question mark stay where they belong in a sentence of
 * the other direction.
 */
export function translateFieldError(t: TFunction, error: FieldError): string {
  const params: Record<string, unknown> = { ...error.params };
  for (const name of USER_TEXT_PARAMS) {
    const value = params[name];
    if (typeof value === 'string') params[name] = isolate(value);
  }
  return t(error.key, { ...params, defaultValue: error.message });
}
