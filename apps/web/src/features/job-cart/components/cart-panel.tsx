import { APPLY_MAX_POSITIONS } from '@careers/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Skeleton } from '../../../ui/skeleton';
import { useCartPositions } from '../api/cart-positions';
import { useJobCart, useUpdateJobCart } from '../hooks/use-job-cart';
import { BdiJoin, isolate } from '../../../ui/bdi';

export interface CartPanelProps {
  onClose: () => void;
  jobHref: (id: number) => string;
  searchHref: string;
  /** The apply screen for these jobs (one form, one application each); absent where there is none. */
  applyHref?: (ids: readonly number[]) => string;
}

/**
 * The job cart as a side sheet: each job with a link and Remove; ids the server reports as archived or
 * unknown (invalidPositionIds) are "no longer available" and can be removed.
 */
export function CartPanel({ onClose, jobHref, searchHref, applyHref }: CartPanelProps) {
  const { t } = useTranslation('jobcart');
  const { cart, isLoading } = useJobCart();
  const update = useUpdateJobCart();
  const [removing, setRemoving] = useState<number | null>(null);
  const ids = cart.jobCartData.map((item) => item.id);
  const invalid = new Set(cart.invalidPositionIds);
  const validIds = ids.filter((id) => !invalid.has(id));
  const positions = useCartPositions(validIds);
  const byId = new Map(validIds.map((id, index) => [id, positions[index]]));
  // Jobs the page could confirm are open; one application covers at most APPLY_MAX_POSITIONS of them.
  const applicable = validIds.filter((id) => byId.get(id)?.data?.metadata.isFallback !== true && byId.get(id)?.isError !== true).slice(0, APPLY_MAX_POSITIONS);

  const remove = async (id: number) => {
    setRemoving(id);
    await update([id], 'remove');
    setRemoving(null);
  };

  return (
    <Modal isOpen onClose={onClose} title={t('title')} placement="side" size="md">
      {isLoading ? (
        <Skeleton lines={4} />
      ) : ids.length === 0 ? (
        <div className="cart-panel__empty">
          <p>{t('empty')}</p>
          <Link className={buttonClassName('secondary')} to={searchHref} onClick={onClose}>
            {t('browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="cart-panel__count">{t('count', { count: ids.length })}</p>
          <ul className="cart-panel__list">
            {ids.map((id) => {
              const query = byId.get(id);
              const position = query?.data?.data;
              const isUnavailable = invalid.has(id) || query?.isError === true || query?.data?.metadata.isFallback === true;
              return (
                <li key={id} className={`cart-item${isUnavailable ? ' cart-item--unavailable' : ''}`}>
                  <div className="cart-item__text">
                    {isUnavailable ? (
                      <>
                        <p className="cart-item__title">{position?.name ?? t('unknownJob', { id })}</p>
                        <p className="cart-item__status">{t('unavailable')}</p>
                      </>
                    ) : position ? (
                      <>
                        <Link className="cart-item__title" to={jobHref(id)} onClick={onClose} dir="auto">
                          {position.name}
                        </Link>
                        <p className="cart-item__meta">
                          <BdiJoin parts={[position.department, position.location]} />
                        </p>
                      </>
                    ) : (
                      <Skeleton lines={2} />
                    )}
                  </div>
                  <Button
                    variant="tertiary"
                    size="sm"
                    isLoading={removing === id}
                    onClick={() => void remove(id)}
                    aria-label={t('remove', { name: position ? isolate(position.name) : t('unknownJob', { id }) })}
                  >
                    {t('removeShort')}
                  </Button>
                </li>
              );
            })}
          </ul>
          {applyHref && applicable.length > 0 ? (
            <div className="cart-panel__apply">
              <Link className={buttonClassName('primary', 'md', 'cart-panel__apply-button')} to={applyHref(applicable)} onClick={onClose}>
                {t('apply', { count: applicable.length })}
              </Link>
              <p className="cart-panel__apply-hint">{t('applyHint')}</p>
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );
}
