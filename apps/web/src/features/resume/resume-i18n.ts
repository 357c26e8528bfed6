import enResume from '@careers/i18n/locales/en/resume.json';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerScreenCatalogue, useScreenCatalogue } from '../../lib/screen-catalogue';

/** The resume screens' namespace: it ships with their lazy chunk, not the first bundle (QUALITY P5). */
export const RESUME_NS = 'resume';

export function registerResumeCatalogue(i18n: I18n): void {
  registerScreenCatalogue(i18n, RESUME_NS, enResume);
}

/** Makes the resume catalogue available (see useScreenCatalogue). */
export function useResumeCatalogue(): string {
  return useScreenCatalogue(RESUME_NS, enResume);
}

export function useResumeTranslation() {
  return useTranslation(RESUME_NS);
}
