import type { ReactNode } from 'react';
import { buttonClassName } from '../../../ui/button';
import type { OffersView } from '../offers-context';
import { OfferLink } from './offer-link';
import './back-link.css';

/** The back button above an offers screen (spec §2 offer detail: "a back button Offers"). */
export function BackLink({ to, children }: { to: OffersView; children: ReactNode }) {
  return (
    <OfferLink to={to} className={buttonClassName('tertiary', 'sm', 'offers-back-link')}>
      <svg className="icon-directional" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{children}</span>
    </OfferLink>
  );
}
