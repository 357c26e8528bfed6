import enForms from '@careers/i18n/locales/en/forms.json';
import type { FieldError } from '@careers/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../lib/screen-catalogue';

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

/**
 * An engine error in the reader's language: its key and params through the catalogue; the engine's English
 * text when the catalogue has no such key (a newer engine than catalogue never shows a raw key).
 */
export function translateFieldError(t: TFunction, error: FieldError): string {
  return t(error.key, { ...error.params, defaultValue: error.message });
}
