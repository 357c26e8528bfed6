import enDashboard from '@careers/i18n/locales/en/dashboard.json';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerScreenCatalogue, useScreenCatalogue } from '../../lib/screen-catalogue';

/** The dashboard's namespace: it ships with the dashboard's lazy chunk, not the first bundle (QUALITY P5). */
export const DASHBOARD_NS = 'dashboard';

export function registerDashboardCatalogue(i18n: I18n): void {
  registerScreenCatalogue(i18n, DASHBOARD_NS, enDashboard);
}

/** Makes the dashboard catalogue available (see useScreenCatalogue). */
export function useDashboardCatalogue(): string {
  return useScreenCatalogue(DASHBOARD_NS, enDashboard);
}

export function useDashboardTranslation() {
  return useTranslation(DASHBOARD_NS);
}
