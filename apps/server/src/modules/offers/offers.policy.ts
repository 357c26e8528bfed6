import { profileFullName } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';
import { requestLocale } from '../../http/request-locale';
import { requireCandidate } from '../auth/auth.policy';
import { sha256Hex } from './offer-evidence';
import type { RequestEvidence, Signer } from './offers.service';

/**
 * Who may touch an offer: the signed-in candidate it was made to, in the tenant of the request. The scope
 * goes into every query (offers.repository.ts), so another candidate's or tenant's id finds nothing and
 * answers 404 like a missing one, never 403 (issue 4 "Authorisation", T01).
 */
export function signerOf(request: FastifyRequest): Signer {
  const { record, candidate } = requireCandidate(request);
  return {
    tenantId: record.tenantId,
    candidateId: candidate.id,
    email: candidate.email,
    fullName: profileFullName(candidate.firstName, candidate.lastName),
  };
}

/** The evidence a request leaves (QUALITY.md "Signing evidence"): never the raw cookie, only a hash of its hash. */
export function evidenceOf(request: FastifyRequest): RequestEvidence {
  const { record } = requireCandidate(request);
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' && userAgent.trim() !== '' ? userAgent : '(not sent)',
    sessionHash: sha256Hex(record.idHash),
    locale: requestLocale(request),
  };
}

/** Ids we issue: short, URL-safe. Anything else (NUL, 10 KB strings) cannot name an offer: 404 before SQL. */
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export function idParam(value: unknown): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw new NotFoundError();
  return value;
}
