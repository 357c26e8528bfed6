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

export interface SupportedLocale {
  /** BCP 47 tag, also the catalogue folder name. */
  code: string;
  /** The language's own name for itself, shown in a language picker. */
  nativeName: string;
  /** Right-to-left script. */
  isRtl?: boolean;
}

export const DEFAULT_LOCALE = 'en';

export const SUPPORTED_LOCALES: readonly SupportedLocale[] = [
  { code: 'en', nativeName: 'English' },
  { code: 'ar', nativeName: 'العربية', isRtl: true },
  { code: 'bg', nativeName: 'Български' },
  { code: 'cs', nativeName: 'Čeština' },
  { code: 'da', nativeName: 'Dansk' },
  { code: 'de', nativeName: 'Deutsch' },
  { code: 'el', nativeName: 'Ελληνικά' },
  { code: 'es', nativeName: 'Español' },
  { code: 'es-419', nativeName: 'Español (Latinoamérica)' },
  { code: 'fi', nativeName: 'Suomi' },
  { code: 'fr', nativeName: 'Français' },
  { code: 'fr-CA', nativeName: 'Français (Canada)' },
  { code: 'he', nativeName: 'עברית', isRtl: true },
  { code: 'hi', nativeName: 'हिन्दी' },
  { code: 'hr', nativeName: 'Hrvatski' },
  { code: 'hu', nativeName: 'Magyar' },
  { code: 'id', nativeName: 'Bahasa Indonesia' },
  { code: 'it', nativeName: 'Italiano' },
  { code: 'ja', nativeName: '日本語' },
  { code: 'ko', nativeName: '한국어' },
  { code: 'lt', nativeName: 'Lietuvių' },
  { code: 'lv', nativeName: 'Latviešu' },
  { code: 'ms', nativeName: 'Bahasa Melayu' },
  { code: 'nb', nativeName: 'Norsk bokmål' },
  { code: 'nl', nativeName: 'Nederlands' },
  { code: 'pl', nativeName: 'Polski' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
  { code: 'pt-PT', nativeName: 'Português (Portugal)' },
  { code: 'ro', nativeName: 'Română' },
  { code: 'ru', nativeName: 'Русский' },
  { code: 'sk', nativeName: 'Slovenčina' },
  { code: 'sv', nativeName: 'Svenska' },
  { code: 'th', nativeName: 'ไทย' },
  { code: 'tr', nativeName: 'Türkçe' },
  { code: 'uk', nativeName: 'Українська' },
  { code: 'vi', nativeName: 'Tiếng Việt' },
  { code: 'zh-CN', nativeName: '简体中文' },
  { code: 'zh-TW', nativeName: '繁體中文' },
];

export const NAMESPACES = ['common', 'auth', 'account', 'search', 'positions', 'jobcart', 'notifications'] as const;
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
};

/**
 * Namespaces of lazily loaded screens (offers, forms). They are not in EN_CATALOGUES: their text, English included,
 * travels with the screen's own chunk instead of the first bundle (QUALITY P5). The screen registers its
 * English catalogue itself and fetches other locales with loadScreenCatalogue.
 */
export const SCREEN_NAMESPACES = ['offers', 'forms', 'profile'] as const;
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
 * The supported locale closest to `requested` ("fr-ca" → "fr-CA", "de-AT" → "de", "xx" → "en"), matched
 * case-insensitively, then by primary language.
 */
export function resolveLocale(requested: string | null | undefined): string {
  if (!requested) return DEFAULT_LOCALE;
  const wanted = requested.trim().replace('_', '-').toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.code.toLowerCase() === wanted);
  if (exact) return exact.code;
  const language = wanted.split('-')[0];
  const primary = SUPPORTED_LOCALES.find((locale) => locale.code.toLowerCase() === language);
  return primary ? primary.code : DEFAULT_LOCALE;
}

export function isRtlLocale(code: string): boolean {
  return SUPPORTED_LOCALES.some((locale) => locale.code === code && locale.isRtl === true);
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
