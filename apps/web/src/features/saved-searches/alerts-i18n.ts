import enAlerts from '@careers/i18n/locales/en/alerts.json';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../../lib/screen-catalogue';

/**
 * Saved searches and job alerts (issue 12): their own namespace, which travels with the lazily loaded Save
 * search control and the settings card rather than the first bundle (QUALITY P5).
 */
export const ALERTS_NS = 'alerts';

/** `t` bound to the alerts namespace, its catalogue made available first (see useScreenCatalogue). */
export function useAlertsTranslation() {
  useScreenCatalogue(ALERTS_NS, enAlerts);
  return useTranslation(ALERTS_NS);
}
