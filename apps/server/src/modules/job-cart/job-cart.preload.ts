import { bootQueryKeys, type PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import { tenantOf } from '../../http/request-context';
import type { ShellPreloadResolver } from '../shell/shell.preload';
import type { JobCartService } from './job-cart.service';

/**
 * The signed-in candidate's cart on every page where the site has one (the navbar's cart and a job's
 * "Add to cart" / "In cart" are on the first screen). issue 8 §6: without it the server drew "Add to cart"
 * while the browser, having fetched the cart, hydrated "In cart" (React error #418). The query holds the
 * body's `data`, as the web's fetchJobCart returns it. The HTML that carries it is never cached.
 */
export function createJobCartPreload(deps: { jobCart: JobCartService }): ShellPreloadResolver {
  return async (request: FastifyRequest): Promise<PreloadedQuery[]> => {
    const tenant = tenantOf(request);
    if (!request.session || !tenant.config.pcsxConfig.jobCartConfig.enabled) return [];
    const data = await deps.jobCart.get(tenant.id, request.session.candidate.id);
    return [{ key: [...bootQueryKeys.jobCart()], data }];
  };
}
