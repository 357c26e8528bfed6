import enProfile from '@careers/i18n/locales/en/profile.json';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../../lib/screen-catalogue';

/** The profile screens' namespace: it ships with their lazy chunk, not the first bundle (QUALITY P5). */
export const PROFILE_NS = 'profile';

/** Makes the profile catalogue available (see useScreenCatalogue). */
export function useProfileCatalogue(): string {
  return useScreenCatalogue(PROFILE_NS, enProfile);
}

export function useProfileTranslation() {
  return useTranslation(PROFILE_NS);
}
