import enApply from '@careers/i18n/locales/en/apply.json';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerScreenCatalogue, useScreenCatalogue } from '../../lib/screen-catalogue';

/** The apply screen's namespace: it ships with the screen's lazy chunk, not the first bundle (QUALITY P5). */
export const APPLY_NS = 'apply';

export function registerApplyCatalogue(i18n: I18n): void {
  registerScreenCatalogue(i18n, APPLY_NS, enApply);
}

/** Makes the apply catalogue available (see useScreenCatalogue). */
export function useApplyCatalogue(): string {
  return useScreenCatalogue(APPLY_NS, enApply);
}

export function useApplyTranslation() {
  return useTranslation(APPLY_NS);
}
