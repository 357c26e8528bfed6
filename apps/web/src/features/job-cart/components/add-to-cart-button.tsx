import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { updateJobCart } from '../api/job-cart';
import { useIsJobCartEnabled, useJobCart, useUpdateJobCart } from '../hooks/use-job-cart';

/**
 * Add to cart / In cart (spec §2 "Job cart panel when enabled"). Signed out, the sign-in modal opens and
 * the job is added once signed in (spec §4 pending action).
 */
export function AddToCartButton({ positionId }: { positionId: number }) {
  const { t } = useTranslation('jobcart');
  const isEnabled = useIsJobCartEnabled();
  const { isLoggedIn } = useSession();
  const authModal = useAuthModal();
  const toast = useToast();
  const { cart } = useJobCart();
  const update = useUpdateJobCart();
  const [isBusy, setBusy] = useState(false);
  if (!isEnabled) return null;
  const isInCart = cart.jobCartData.some((item) => item.id === positionId);

  const onClick = async () => {
    if (!isLoggedIn) {
      authModal.open({
        pendingAction: async () => {
          await updateJobCart([positionId], 'add');
        },
      });
      return;
    }
    setBusy(true);
    const isDone = await update([positionId], isInCart ? 'remove' : 'add');
    setBusy(false);
    if (isDone) toast.show({ message: isInCart ? t('removed') : t('added'), style: 'success' });
  };

  return (
    <Button variant="secondary" onClick={() => void onClick()} isLoading={isBusy} icon={<CartIcon />}>
      {isInCart ? t('inCart') : t('add')}
    </Button>
  );
}

export function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M3 4h2l2.4 11.2a1 1 0 001 .8h9.2a1 1 0 001-.8L20 8H6.2M9 20.5a.5.5 0 110-1 .5.5 0 010 1zm8 0a.5.5 0 110-1 .5.5 0 010 1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
