import { bootQueryKeys } from '@careers/contracts';

/**
 * Query keys of the offers feature: everything under ['offers'], so one invalidation refreshes it all. The
 * list's key is shared with the server, which preloads the list into the offers page's HTML.
 */
export const offerQueryKeys = {
  all: ['offers'] as const,
  list: bootQueryKeys.offersList,
  detail: (offerId: string) => ['offers', 'detail', offerId] as const,
};
