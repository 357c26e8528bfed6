/**
 * Interface languages (spec §1: "about 38 locales including fr-CA, pt-BR, pt-PT, zh-CN and zh-TW; default en")
 * and the catalogue loader. Catalogues live in `locales/<bcp47>/<namespace>.json`; values use ICU-style
 * `{name}` placeholders and `_one`/`_other` plural keys.
 */
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enSearch from '../locales/en/search.json';
import enPositions from '../locales/en/positions.json';
import enJobcart from '../locales/en/jobcart.json';
import enNotifications from '../locales/en/notifications.json';

export { DEFAULT_LOCALE, PSEUDO_LOCALE, SUPPORTED_LOCALES, isPseudoLocale, isRtlLocale, isSupportedLocale, negotiateLocale, resolveLocale, type SupportedLocale } from './locale-list';
import { DEFAULT_LOCALE } from './locale-list';
export { pseudoCatalogue, pseudoLocalize } from './pseudo-locale';

export const NAMESPACES = ['common', 'auth', 'search', 'positions', 'jobcart', 'notifications'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

export type Catalogue = { [key: string]: string | Catalogue };
export type LocaleCatalogues = Record<Namespace, Catalogue>;

/** English ships inside the first bundle; every other locale is fetched on demand. */
export const EN_CATALOGUES: LocaleCatalogues = {
  common: enCommon,
  auth: enAuth,
  search: enSearch,
  positions: enPositions,
  jobcart: enJobcart,
  notifications: enNotifications,
};

/**
 * Namespaces of lazily loaded screens (offers, forms). They are not in EN_CATALOGUES: their text, English included,
 * travels with the screen's own chunk instead of the first bundle (QUALITY P5). The screen registers its
 * English catalogue itself and fetches other locales with loadScreenCatalogue.
 */
export const SCREEN_NAMESPACES = ['offers', 'forms', 'dashboard', 'formscenter', 'apply', 'resume', 'profile', 'account', 'alerts'] as const;
export type ScreenNamespace = (typeof SCREEN_NAMESPACES)[number];

/**
 * Where the other locales' catalogues come from. The browser fetches each one as a static file of the web build
 * (apps/web/src/lib/catalogue-files.ts): a bundler's dynamic `import()` over 37 locales × 15 namespaces would put
 * a 555-entry map of chunk names into the first route (P5). The server's renderer and the tests read them from
 * the package (bundled-catalogues.ts). Until a source is set, every locale falls back to English.
 */
export type CatalogueSource = (locale: string, namespace: Namespace | ScreenNamespace) => Promise<Catalogue | null>;
let catalogueSource: CatalogueSource = () => Promise.resolve(null);

export function setCatalogueSource(source: CatalogueSource): void {
  catalogueSource = source;
}

async function fromSource(locale: string, namespace: Namespace | ScreenNamespace): Promise<Catalogue | null> {
  try {
    return await catalogueSource(locale, namespace);
  } catch {
    return null;
  }
}

/** One screen namespace of a locale, or null when it cannot be had (the screen then shows English). */
export function loadScreenCatalogue(locale: string, namespace: ScreenNamespace): Promise<Catalogue | null> {
  return fromSource(locale, namespace);
}

/** One first-route namespace of a locale (English is in the bundle); null when it cannot be had. */
export function loadCatalogue(locale: string, namespace: Namespace): Promise<Catalogue | null> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve(EN_CATALOGUES[namespace]);
  return fromSource(locale, namespace);
}
