import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useSession } from '../../../lib/session';
import { useIsJobCartEnabled, useJobCart } from '../hooks/use-job-cart';
import { CartIcon } from './add-to-cart-button';
import type { CartPanelProps } from './cart-panel';
import { IconButtonBadge } from '../../../ui/icon-button';
import './job-cart.css';

const CartPanel = lazyNamed<CartPanelProps, 'CartPanel'>(() => import('./cart-panel'), 'CartPanel');

/** The navbar's cart button with the number of jobs in it; opens the cart panel (spec §2 Shell). */
export function CartButton({ jobHref, searchHref, applyHref }: Pick<CartPanelProps, 'jobHref' | 'searchHref' | 'applyHref'>) {
  const { t } = useTranslation('jobcart');
  const isEnabled = useIsJobCartEnabled();
  const { isLoggedIn } = useSession();
  const { cart } = useJobCart();
  const [isOpen, setOpen] = useState(false);
  if (!isEnabled || !isLoggedIn) return null;
  const count = cart.jobCartData.length;

  return (
    <>
      <button type="button" className="ui-icon-button cart-button" aria-haspopup="dialog" aria-label={t('button', { count })} onClick={() => setOpen(true)}>
        <CartIcon />
        <IconButtonBadge count={count} />
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <CartPanel onClose={() => setOpen(false)} jobHref={jobHref} searchHref={searchHref} applyHref={applyHref} />
        </Suspense>
      ) : null}
    </>
  );
}
