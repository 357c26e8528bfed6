/**
 * The interface languages and how a request's language is chosen, without any catalogue: the server imports
 * this file alone (`@careers/i18n/locale-list`), so no message catalogue is bundled into it.
 */
import { PSEUDO_LOCALE, isPseudoLocale } from './pseudo-locale';

export { PSEUDO_LOCALE, isPseudoLocale } from './pseudo-locale';

export const DEFAULT_LOCALE = 'en';

export interface SupportedLocale {
  /** BCP 47 tag, also the catalogue folder name. */
  code: string;
  /** The language's own name for itself, shown in a language picker. */
  nativeName: string;
  /** Right-to-left script. */
  isRtl?: boolean;
}

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

/**
 * The supported locale closest to `requested` ("fr-ca" → "fr-CA", "de-AT" → "de", "xx" → "en"), matched
 * case-insensitively, then by primary language. The pseudo-locale (en-XA) stays itself: the page's language
 * was already chosen (`?hl=en-XA`), and this keeps it through the browser's and the renderer's loading.
 */
export function resolveLocale(requested: string | null | undefined): string {
  if (!requested) return DEFAULT_LOCALE;
  if (isPseudoLocale(requested)) return PSEUDO_LOCALE;
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

/** True when `code` is exactly one of SUPPORTED_LOCALES' codes (what a saved preference must be). */
export function isSupportedLocale(code: string): boolean {
  return SUPPORTED_LOCALES.some((locale) => locale.code === code);
}

/**
 * The supported locale an Accept-Language header asks for first (RFC 9110 §12.5.4: by q-value, then order),
 * or null when it names none of ours. "fr-CH" counts as fr, "pt" as the first pt-* we have; "*" is ignored.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .slice(0, 1024)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.weight > 0 && /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/.test(range.tag))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const wanted = tag.toLowerCase();
    const exact = SUPPORTED_LOCALES.find((locale) => locale.code.toLowerCase() === wanted);
    if (exact) return exact.code;
    const language = wanted.split('-')[0];
    const primary = SUPPORTED_LOCALES.find((locale) => locale.code.toLowerCase() === language) ?? SUPPORTED_LOCALES.find((locale) => locale.code.toLowerCase().startsWith(`${language}-`));
    if (primary) return primary.code;
  }
  return null;
}
