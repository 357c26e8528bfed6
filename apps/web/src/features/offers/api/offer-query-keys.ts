/** Query keys of the offers feature: everything under ['offers'], so one invalidation refreshes it all. */
export const offerQueryKeys = {
  all: ['offers'] as const,
  list: () => ['offers', 'list'] as const,
  detail: (offerId: string) => ['offers', 'detail', offerId] as const,
};
