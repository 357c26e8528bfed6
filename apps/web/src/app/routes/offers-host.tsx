import { profileFullName } from '@careers/contracts';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { OffersProvider, type OffersView } from '../../features/offers/offers-context';
import { offerDocumentPath, offerLetterPath, offerPath, offersPath } from '../../lib/paths';
import { useSession } from '../../lib/session';

/** The address of each offers screen on the careers site (spec §2 routes). */
export function offersViewPath(view: OffersView): string {
  switch (view.name) {
    case 'list':
      return offersPath();
    case 'detail':
      return offerPath(view.offerId);
    case 'letter':
      return view.documentId === null
        ? offerLetterPath(view.offerId)
        : offerDocumentPath(view.offerId, view.documentId, view.method);
  }
}

/** The offers screens hosted by the site: moves are router navigations, the signer is the session's profile. */
export function RoutedOffersHost({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const { userStore } = useSession();
  const profileName = profileFullName(userStore.profile?.firstName, userStore.profile?.lastName);
  const navigate = useCallback(
    (view: OffersView, options?: { replace?: boolean }) => void routerNavigate(offersViewPath(view), options),
    [routerNavigate],
  );
  return (
    <OffersProvider navigate={navigate} hrefFor={offersViewPath} profileName={profileName}>
      {children}
    </OffersProvider>
  );
}
