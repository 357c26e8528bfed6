import { bootQueryKeys, type PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { ShellPreloadResolver } from '../shell/shell.preload';
import { signerOf } from './offers.policy';
import { presentOffer } from './offers.presenter';
import type { OffersService } from './offers.service';

const OFFERS_PAGE = /^\/careers\/offers\/?$/i;

/**
 * /careers/offers: the signed-in candidate's own offers, as GET /api/offer/offers answers them (same scope:
 * this candidate in this tenant). Signed out, nothing: the page sends the visitor to sign in. The HTML
 * that carries them is never cached (the shell answers no-store).
 */
export function createOffersListPreload(deps: { offers: OffersService; clock: Clock }): ShellPreloadResolver {
  return async (request: FastifyRequest, path: string): Promise<PreloadedQuery[]> => {
    if (!OFFERS_PAGE.test(path) || !request.session) return [];
    const signer = signerOf(request);
    const now = deps.clock.now();
    const data = { offers: (await deps.offers.list(signer)).map((view) => presentOffer(view, now)) };
    return [{ key: [...bootQueryKeys.offersList()], data }];
  };
}
