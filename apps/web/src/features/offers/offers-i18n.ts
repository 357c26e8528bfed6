import { DEFAULT_LOCALE, loadScreenCatalogue } from '@careers/i18n';
import enOffers from '@careers/i18n/locales/en/offers.json';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The offers screens' namespace: it ships with their lazy chunks, not the first bundle (QUALITY P5). */
export const OFFERS_NS = 'offers';

/** Adds the English catalogue once per i18n instance; later calls do nothing. */
export function registerOffersCatalogue(i18n: I18n): void {
  if (!i18n.hasResourceBundle(DEFAULT_LOCALE, OFFERS_NS)) {
    i18n.addResourceBundle(DEFAULT_LOCALE, OFFERS_NS, enOffers, true, false);
  }
}

/**
 * Makes the offers catalogue available: English at once (before the first render of any offers screen), the
 * current language when it has one. Returns the locale whose catalogue is loaded, so callers re-render when a
 * translation arrives.
 */
export function useOffersCatalogue(): string {
  const { i18n } = useTranslation();
  useState(() => registerOffersCatalogue(i18n));
  const language = i18n.language;
  const hasCatalogue = language === DEFAULT_LOCALE || i18n.hasResourceBundle(language, OFFERS_NS);
  const [arrived, setArrived] = useState<string | null>(null);
  useEffect(() => {
    if (hasCatalogue) return;
    let isCurrent = true;
    void loadScreenCatalogue(language, OFFERS_NS).then((catalogue) => {
      if (catalogue) i18n.addResourceBundle(language, OFFERS_NS, catalogue, true, false);
      if (isCurrent) setArrived(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [i18n, language, hasCatalogue]);
  return hasCatalogue || arrived === language ? language : DEFAULT_LOCALE;
}

/** `t` bound to the offers namespace. */
export function useOffersTranslation() {
  return useTranslation(OFFERS_NS);
}
