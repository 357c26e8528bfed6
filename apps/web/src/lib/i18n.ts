import {
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  EN_CATALOGUES,
  NAMESPACES,
  isRtlLocale,
  loadCatalogue,
  resolveLocale,
} from '@careers/i18n';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadScreenNamespace, registeredScreenNamespaces } from './screen-catalogue';

/**
 * A ready i18next instance with the English catalogues bundled (no network before first paint). Values use
 * ICU-style single-brace placeholders: "Careers at {company}".
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    // A copy per instance: i18next adds a screen's namespace (addResourceBundle) into the object it was given, and
    // the shared bundle must not carry one instance's screens into the next (the server renders with many).
    resources: { [DEFAULT_LOCALE]: { ...EN_CATALOGUES } },
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/**
 * Switches the instance to `requested` (resolved to a supported locale), loading its catalogues on demand.
 * Issue 13: the language is the one asked for even while its catalogues are missing or partial — each missing
 * key falls back to English on its own (fallbackLng), so a page never breaks and never snaps back to "en".
 * Used by the browser (changeLocale) and by the server's renderer (no document there).
 */
export async function loadLocale(instance: I18n, requested: string | null | undefined): Promise<string> {
  const locale = resolveLocale(requested);
  if (locale !== DEFAULT_LOCALE) {
    // The screens already on the page come along (their namespaces are registered), so a switch of
    // language redraws them in the new one rather than suspending them (lib/screen-catalogue.ts).
    const [catalogues] = await Promise.all([
      Promise.all(NAMESPACES.map((namespace) => loadCatalogue(locale, namespace))),
      Promise.all(registeredScreenNamespaces(instance).map((namespace) => loadScreenNamespace(instance, locale, namespace))),
    ]);
    catalogues.forEach((catalogue, index) => {
      const namespace = NAMESPACES[index];
      if (catalogue && namespace) instance.addResourceBundle(locale, namespace, catalogue, true, true);
    });
  }
  if (instance.language !== locale) await instance.changeLanguage(locale);
  return locale;
}

/** loadLocale, then `<html lang dir>` to match (dir="rtl" for ar and he). */
export async function changeLocale(instance: I18n, requested: string | null | undefined): Promise<string> {
  const locale = await loadLocale(instance, requested);
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtlLocale(locale) ? 'rtl' : 'ltr';
  return locale;
}
