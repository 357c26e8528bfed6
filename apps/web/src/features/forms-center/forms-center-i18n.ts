import enFormsCenter from '@careers/i18n/locales/en/formscenter.json';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../../lib/screen-catalogue';

/** The forms center's namespace: it ships with its lazy chunks, not the first bundle (QUALITY P5). */
export const FORMS_CENTER_NS = 'formscenter';

/** Makes the forms center catalogue available (see useScreenCatalogue). */
export function useFormsCenterCatalogue(): string {
  return useScreenCatalogue(FORMS_CENTER_NS, enFormsCenter);
}

export function useFormsCenterTranslation() {
  return useTranslation(FORMS_CENTER_NS);
}
