import enOffers from '@careers/i18n/locales/en/offers.json';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerScreenCatalogue, useScreenCatalogue } from '../../lib/screen-catalogue';

/** The offers screens' namespace: it ships with their lazy chunks, not the first bundle (QUALITY P5). */
export const OFFERS_NS = 'offers';

/** Adds the English catalogue once per i18n instance; later calls do nothing. */
export function registerOffersCatalogue(i18n: I18n): void {
  registerScreenCatalogue(i18n, OFFERS_NS, enOffers);
}

/** Makes the offers catalogue available (see useScreenCatalogue). */
export function useOffersCatalogue(): string {
  return useScreenCatalogue(OFFERS_NS, enOffers);
}

/** `t` bound to the offers namespace. */
export function useOffersTranslation() {
  return useTranslation(OFFERS_NS);
}
