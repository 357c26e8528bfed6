import type { FastifyRequest } from 'fastify';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';

/** Whose profile a request reads or changes: always the signed-in candidate's own, in the request's tenant. */
export interface ProfileOwner {
  tenantId: string;
  candidateId: string;
}

/**
 * Profile calls take no candidate id: the session names the candidate and the request's host the tenant, and both
 * go into every query (profile.repository.ts), so no request can reach another candidate's or tenant's profile
 * (T01). Signed out: 401 with x-login.
 */
export function profileOwnerOf(request: FastifyRequest): ProfileOwner {
  const { candidate } = requireCandidate(request);
  return { tenantId: tenantOf(request).id, candidateId: candidate.id };
}
