import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../errors';
import { tenantOf } from '../../http/request-context';
import type { Viewer } from './applications.service';

/**
 * Who may apply (spec §2 "protected only when logged-out apply is disabled"): the signed-in candidate, or null
 * (a visitor) where applyFormConfig.enableLoggedOutApply allows it; otherwise 401 like other protected calls.
 * The apply form, the submit and the resume read on the apply page (parse_resume) all ask it.
 */
export function applyViewer(request: FastifyRequest): Viewer {
  if (request.session) return { candidateId: request.session.candidate.id, email: request.session.candidate.email };
  if (tenantOf(request).config.pcsxConfig.applyFormConfig.enableLoggedOutApply) return null;
  throw new UnauthenticatedError();
}
