import { useTranslation } from 'react-i18next';

/**
 * Saved searches and job alerts (issue 12): their own namespace. It ships in the first bundle (the Save
 * search control is on the search page, the first route), so it never suspends a screen.
 */
export const ALERTS_NS = 'alerts';

/** `t` bound to the alerts namespace. */
export function useAlertsTranslation() {
  return useTranslation(ALERTS_NS);
}
