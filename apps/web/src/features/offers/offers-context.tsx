import type { Offer } from '@careers/contracts';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useOffersCatalogue } from './offers-i18n';

/** The three screens of the offers feature (spec §2): list, one offer, one letter. */
export type OffersView =
  | { name: 'list' }
  | { name: 'detail'; offerId: string }
  /**
   * `documentId` null is the offer's own letter (/careers/offer-letter/{id}); `method: 'upload'` asks for the
   * print-sign-upload steps instead of signing inline.
   */
  | { name: 'letter'; offerId: string; documentId: string | null; method?: 'upload' };

export interface OffersHost {
  /** Moves to another screen: the router on the careers site, internal state in the career hub embed. */
  navigate(view: OffersView, options?: { replace?: boolean }): void;
  /** The address of a screen when the host has addresses (links can open in a new tab); null in the embed. */
  hrefFor(view: OffersView): string | null;
  /** The candidate's full name from the profile, null when unknown (spec §5 inline sign form). */
  profileName: string | null;
  /** The host hears about outcomes (spec §2 embed mode: "callbacks are used instead"). */
  onAccepted?: (offer: Offer) => void;
  onDeclined?: (offer: Offer) => void;
}

const OffersContext = createContext<OffersHost | null>(null);

/**
 * Everything the offers screens need from whoever hosts them, so the same components run under the careers
 * site's router and inside the career hub with no router at all (spec §2 "a second mode ... with no routing").
 */
export function OffersProvider({ children, ...host }: OffersHost & { children: ReactNode }) {
  const catalogueLocale = useOffersCatalogue();
  const { navigate, hrefFor, profileName, onAccepted, onDeclined } = host;
  const value = useMemo<OffersHost>(
    () => ({ navigate, hrefFor, profileName, onAccepted, onDeclined }),
    // The catalogue locale is part of the value so that screens re-render when a translation arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, hrefFor, profileName, onAccepted, onDeclined, catalogueLocale],
  );
  return <OffersContext.Provider value={value}>{children}</OffersContext.Provider>;
}

/** spec §8: "Missing offers provider: useOffersContext must be used within a Offers Provider." */
export function useOffersContext(): OffersHost {
  const value = useContext(OffersContext);
  if (!value) throw new Error('useOffersContext must be used within a Offers Provider');
  return value;
}
