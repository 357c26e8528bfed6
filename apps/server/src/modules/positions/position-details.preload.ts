import { bootQueryKeys, PositionIdTextSchema, type PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';
import { tenantOf } from '../../http/request-context';
import type { ShellPreloadResolver } from '../shell/shell.preload';
import type { PositionsService } from './positions.service';

/** spec §2 /careers/job/{pid} and /careers/job/private?pid= (React Router matches paths without regard to case). */
const JOB_PAGE = /^\/careers\/job\/([^/]+)\/?$/i;
const PRIVATE_SEGMENT = 'private';

/** The job page's pid as the page reads it (a decoded path parameter or `pid`, trimmed); null when it has none. */
export function jobPagePid(request: FastifyRequest, path: string): string | null {
  const segment = JOB_PAGE.exec(path)?.[1];
  if (segment === undefined) return null;
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (text.toLowerCase() === PRIVATE_SEGMENT) {
    const queryAt = request.url.indexOf('?');
    text = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1)).get('pid') ?? '';
  }
  const pid = text.trim();
  return PositionIdTextSchema.safeParse(pid).success ? pid : null;
}

/**
 * The job page's position_details answer (no queried location: the page asks without one), for this
 * visitor (their saved and cart flags). An unknown id preloads nothing: the page shows its not-found state
 * from its own request.
 */
export function createPositionDetailsPreload(deps: { positions: PositionsService }): ShellPreloadResolver {
  return async (request: FastifyRequest, path: string): Promise<PreloadedQuery[]> => {
    const pid = jobPagePid(request, path);
    if (pid === null) return [];
    try {
      const data = await deps.positions.getDetails(tenantOf(request), Number(pid), request.session?.candidate.id ?? null);
      return [{ key: [...bootQueryKeys.positionDetails(pid, null)], data }];
    } catch (error) {
      if (error instanceof NotFoundError) return [];
      throw error;
    }
  };
}
