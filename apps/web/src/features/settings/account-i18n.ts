import enAccount from '@careers/i18n/locales/en/account.json';
import { useScreenCatalogue } from '../../lib/screen-catalogue';

/**
 * The account namespace (settings, profile bootstrapping): it ships with those screens' lazy chunks, not the
 * first bundle (QUALITY P5); the footer's language label lives in `common`.
 */
export const ACCOUNT_NS = 'account';

/** Makes the account catalogue available (see useScreenCatalogue). */
export function useAccountCatalogue(): string {
  return useScreenCatalogue(ACCOUNT_NS, enAccount);
}
