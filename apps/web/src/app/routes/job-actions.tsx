import { applyPath, jobPath } from '@careers/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AddToCartButton } from '../../features/job-cart/components/add-to-cart-button';
import { positionDetailsKeyPrefix } from '../../features/positions/api/position-details';
import type { JobDetailActionsInput } from '../../features/positions/components/job-detail';
import { ShareLinkButton } from '../../features/positions/components/share-link-button';
import { SaveButton } from '../../features/saved-jobs/components/save-button';
import { siteUrl } from '../../lib/browser';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { buttonClassName } from '../../ui/button';
import { APP_ROUTES } from '../route-table';

/**
 * A job's actions, composed from three features: Apply, Save (saved-jobs), Add to cart (job-cart), Copy
 * link. Apply shows only once the apply screen is a registered route: a button that leads to the 404
 * screen would be worse than none. Archived jobs take no applications and no cart additions; a saved one
 * can still be unsaved.
 */
export function JobActions({ position, isArchived }: JobDetailActionsInput) {
  const { t } = useTranslation('positions');
  const { tenant } = useBootData();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isApplyAvailable = APP_ROUTES.some((route) => route.path === ROUTES.apply);
  const isSaved = position.positionUserActions.isSaved;
  // Copied on click only, so the server's stand-in origin never reaches the page.
  const shareUrl = siteUrl(jobPath(position.id));
  if (!tenant.isDefault) shareUrl.searchParams.set('domain', tenant.domain);

  return (
    <>
      {isApplyAvailable && !isArchived ? (
        <Link className={buttonClassName('primary')} to={withRememberedParams(withTenantDomain(applyPath(position.id), tenant.isDefault ? undefined : tenant.domain), location.search)}>
          {t('actions.apply')}
        </Link>
      ) : null}
      {!isArchived || isSaved ? (
        <SaveButton
          positionId={position.id}
          isSaved={isSaved}
          onChange={() => void queryClient.invalidateQueries({ queryKey: positionDetailsKeyPrefix(String(position.id)) })}
        />
      ) : null}
      {!isArchived ? <AddToCartButton positionId={position.id} /> : null}
      <ShareLinkButton url={shareUrl.toString()} />
    </>
  );
}
