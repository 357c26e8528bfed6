import { NAMESPACES, PSEUDO_LOCALE, SCREEN_NAMESPACES, isSupportedLocale, type CatalogueSource } from '@careers/i18n';

declare const __CATALOGUES_VERSION__: string;

const KNOWN_NAMESPACES = new Set<string>([...NAMESPACES, ...SCREEN_NAMESPACES]);

/**
 * The browser's catalogue source: each locale × namespace is a static file of the web build
 * (`/assets/i18n/<version>/<locale>/<namespace>.json`, written by vite.config.ts's catalogue plugin; the
 * pseudo-locale en-XA's too, generated there from English), fetched
 * when a screen in that language needs it and cached for a year (the version changes with any catalogue).
 */
export const catalogueFiles: CatalogueSource = async (locale, namespace) => {
  if (!(isSupportedLocale(locale) || locale === PSEUDO_LOCALE) || !KNOWN_NAMESPACES.has(namespace)) return null;
  const response = await fetch(`/assets/i18n/${__CATALOGUES_VERSION__}/${locale}/${namespace}.json`, { credentials: 'omit' });
  return response.ok ? ((await response.json()) as Awaited<ReturnType<CatalogueSource>>) : null;
};
