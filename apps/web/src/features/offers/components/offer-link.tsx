import type { MouseEvent, ReactNode } from 'react';
import { useOffersContext, type OffersView } from '../offers-context';

export interface OfferLinkProps {
  to: OffersView;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * A move to another offers screen: a real link on the careers site (opens in a new tab, shows its address),
 * a button in the career hub embed, which has no addresses.
 */
export function OfferLink({ to, className, children, ...aria }: OfferLinkProps) {
  const { navigate, hrefFor } = useOffersContext();
  const href = hrefFor(to);
  if (href === null) {
    return (
      <button type="button" className={className} onClick={() => navigate(to)} {...aria}>
        {children}
      </button>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={href} className={className} onClick={onClick} {...aria}>
      {children}
    </a>
  );
}
