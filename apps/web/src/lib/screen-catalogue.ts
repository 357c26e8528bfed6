import { DEFAULT_LOCALE, loadScreenCatalogue, type Catalogue, type ScreenNamespace } from '@careers/i18n';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
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

/**
 * Makes a screen catalogue available: English at once (before the screen's first render), the current
 * language when it has one. Returns the locale whose catalogue is loaded, so callers re-render when a
 * translation arrives.
 */
export function useScreenCatalogue(namespace: ScreenNamespace, english: Catalogue): string {
  const { i18n } = useTranslation();
  useState(() => registerScreenCatalogue(i18n, namespace, english));
  const language = i18n.language;
  const hasCatalogue = language === DEFAULT_LOCALE || i18n.hasResourceBundle(language, namespace);
  const [arrived, setArrived] = useState<string | null>(null);
  useEffect(() => {
    if (hasCatalogue) return;
    let isCurrent = true;
    void loadScreenCatalogue(language, namespace).then((catalogue) => {
      if (catalogue) i18n.addResourceBundle(language, namespace, catalogue, true, false);
      if (isCurrent) setArrived(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [i18n, language, hasCatalogue, namespace]);
  return hasCatalogue || arrived === language ? language : DEFAULT_LOCALE;
}
