/**
 * Interface languages (spec §1: "about 38 locales including fr-CA, pt-BR, pt-PT, zh-CN and zh-TW; default en")
 * and the catalogue loader. Catalogues live in `locales/<bcp47>/<namespace>.json`; values use ICU-style
 * `{name}` placeholders and `_one`/`_other` plural keys.
 */
import enAccount from '../locales/en/account.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enSearch from '../locales/en/search.json';
import enPositions from '../locales/en/positions.json';
import enJobcart from '../locales/en/jobcart.json';
import enNotifications from '../locales/en/notifications.json';
import enAlerts from '../locales/en/alerts.json';

export { DEFAULT_LOCALE, SUPPORTED_LOCALES, isRtlLocale, isSupportedLocale, negotiateLocale, resolveLocale, type SupportedLocale } from './locale-list';
import { DEFAULT_LOCALE } from './locale-list';

export const NAMESPACES = ['common', 'auth', 'account', 'search', 'positions', 'jobcart', 'notifications', 'alerts'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

export type Catalogue = { [key: string]: string | Catalogue };
export type LocaleCatalogues = Record<Namespace, Catalogue>;

/** English ships inside the first bundle; every other locale is fetched on demand. */
export const EN_CATALOGUES: LocaleCatalogues = {
  common: enCommon,
  auth: enAuth,
  account: enAccount,
  search: enSearch,
  positions: enPositions,
  jobcart: enJobcart,
  notifications: enNotifications,
  alerts: enAlerts,
};

/**
 * Namespaces of lazily loaded screens (offers, forms). They are not in EN_CATALOGUES: their text, English included,
 * travels with the screen's own chunk instead of the first bundle (QUALITY P5). The screen registers its
 * English catalogue itself and fetches other locales with loadScreenCatalogue.
 */
export const SCREEN_NAMESPACES = ['offers', 'forms', 'dashboard', 'formscenter', 'apply', 'resume', 'profile'] as const;
export type ScreenNamespace = (typeof SCREEN_NAMESPACES)[number];

/** One screen namespace of a locale, or null when that locale has no such catalogue yet. */
export async function loadScreenCatalogue(locale: string, namespace: ScreenNamespace): Promise<Catalogue | null> {
  try {
    const module = (await import(`../locales/${locale}/${namespace}.json`)) as { default: Catalogue };
    return module.default;
  } catch {
    return null;
  }
}

/**
 * Loads one namespace of a locale. Bundlers split each catalogue into its own chunk. A locale whose
 * catalogue is not translated yet resolves to null, and the caller falls back to English.
 */
export async function loadCatalogue(locale: string, namespace: Namespace): Promise<Catalogue | null> {
  if (locale === DEFAULT_LOCALE) return EN_CATALOGUES[namespace];
  try {
    const module = (await import(`../locales/${locale}/${namespace}.json`)) as { default: Catalogue };
    return module.default;
  } catch {
    return null;
  }
}
