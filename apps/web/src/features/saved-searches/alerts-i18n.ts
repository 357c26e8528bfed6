import enAlerts from '@careers/i18n/locales/en/alerts.json';
import { useTranslation } from 'react-i18next';
import { useScreenCatalogue } from '../../lib/screen-catalogue';

/** Saved searches and job alerts (issue 12): their own namespace, registered by the components that use it. */
export const ALERTS_NS = 'alerts';

/** `t` bound to the alerts namespace, with its catalogue made available first. */
export function useAlertsTranslation() {
  useScreenCatalogue(ALERTS_NS, enAlerts);
  return useTranslation(ALERTS_NS);
}
