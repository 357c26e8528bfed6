import { DEFAULT_LOCALE, SCREEN_NAMESPACES, loadScreenCatalogue, type Catalogue, type ScreenNamespace } from '@careers/i18n';
import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Catalogues of lazily loaded screens (offers, forms) ship with their chunks, not the first bundle (QUALITY
 * P5). English is added once per i18n instance; later calls do nothing.
 */
export function registerScreenCatalogue(i18n: I18n, namespace: ScreenNamespace, english: Catalogue): void {
  if (!i18n.hasResourceBundle(DEFAULT_LOCALE, namespace)) {
    i18n.addResourceBundle(DEFAULT_LOCALE, namespace, english, true, false);
  }
}

/** One load per instance, locale and namespace: the promise a suspended screen waits on, the same on every retry. */
const loads = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Loads a screen namespace of `language` into the instance (resolves, never rejects: a catalogue that cannot be
 * had leaves the screen in English, key by key, through fallbackLng).
 */
export function loadScreenNamespace(i18n: I18n, language: string, namespace: ScreenNamespace): Promise<void> {
  if (language === DEFAULT_LOCALE || i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  let byKey = loads.get(i18n);
  if (!byKey) loads.set(i18n, (byKey = new Map()));
  const key = `${language}/${namespace}`;
  let load = byKey.get(key);
  if (!load) {
    load = loadScreenCatalogue(language, namespace).then((catalogue) => {
      if (catalogue) i18n.addResourceBundle(language, namespace, catalogue, true, false);
    });
    byKey.set(key, load);
  }
  return load;
}

/**
 * The screen namespaces the instance has met (their English is registered): what a change of language must
 * bring along so the screens on the page do not fall back to a loading state or English (lib/i18n.ts).
 */
export function registeredScreenNamespaces(i18n: I18n): ScreenNamespace[] {
  return SCREEN_NAMESPACES.filter((namespace) => i18n.hasResourceBundle(DEFAULT_LOCALE, namespace));
}

/**
 * Makes a screen catalogue available before the screen renders (issue 13, no flash of English): English is
 * registered at once; in another language the component suspends until that language's catalogue is loaded
 * (or known to be missing, then English key by key). The server's renderer (prerender) waits for it, so its
 * HTML is in the page's language; the browser's hydration keeps that HTML while it waits; a screen opened later
 * shows its loading state, not English. Returns the language the screen renders in.
 */
export function useScreenCatalogue(namespace: ScreenNamespace, english: Catalogue): string {
  const { i18n } = useTranslation();
  registerScreenCatalogue(i18n, namespace, english);
  const language = i18n.language;
  if (language !== DEFAULT_LOCALE && !i18n.hasResourceBundle(language, namespace)) use(loadScreenNamespace(i18n, language, namespace));
  return language;
}
