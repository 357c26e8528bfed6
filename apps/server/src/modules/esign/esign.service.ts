import { ESIGN_TOKEN_TTL_MS } from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError } from '../../errors';
import { isWellFormedToken, newRandomToken } from '../../kernel/session-tokens';
import { sha256Hex } from '../offers/offer-evidence';
import type { EsignTokenRecord, EsignTokensService } from '../offers/esign-tokens.service';
import { refusalMessage, transition } from '../offers/offer-state-machine';
import type { ActionResult, OfferView, OffersService, RequestEvidence, Signer } from '../offers/offers.service';

/**
 * Our hosted e-signature page (spec §2 (c), §4 "E-sign"; issue 4 "Document access in the frame uses a
 * short-lived single-use token"). A link is minted for the signed-in owner of an open, e-sign enabled,
 * unsigned document; it works only in the session that minted it, for ESIGN_TOKEN_TTL_MS, and for one sign
 * or reject, spent in the same transaction as the signature. A link that is unknown, foreign, expired or
 * spent answers 404 alike, so nothing about it is confirmed.
 */

/**
 * The link carries its token in the query string, never in the path: request logs keep paths only, so a
 * token never reaches a log line (T22).
 */
export const ESIGN_PAGE_PATH = '/careers/esign';
export const esignPagePath = (token: string): string => `${ESIGN_PAGE_PATH}?token=${encodeURIComponent(token)}`;
export const esignApiPath = (action: 'document' | 'sign' | 'reject', token: string): string =>
  `/api/esign/${action}?token=${encodeURIComponent(token)}`;

export const NOT_ESIGN_DOCUMENT = 'This document is not signed on the e-signature page.';
export const LINK_NOT_VALID = 'This signing link has expired or was already used. Close it and open the offer letter again.';

export interface EsignLink {
  url: string;
  expiresAt: string;
}

/** What the page needs: the offer and document the link opens. */
export interface EsignSession {
  token: EsignTokenRecord;
  view: OfferView;
  document: OfferView['documents'][number];
}

export interface EsignOutcome {
  offerId: string;
  documentId: string;
  result: ActionResult;
}

export interface EsignService {
  mintLink(signer: Signer, sessionHash: string, offerId: string, documentId: string): Promise<EsignLink>;
  /** The link's offer and document, or NotFound. */
  open(token: string, signer: Signer, sessionHash: string): Promise<EsignSession>;
  readDocument(session: EsignSession): Promise<Uint8Array>;
  sign(token: string, signer: Signer, evidence: RequestEvidence, signature: string): Promise<EsignOutcome>;
  reject(token: string, signer: Signer, evidence: RequestEvidence): Promise<EsignOutcome>;
}

export interface EsignDeps {
  offers: OffersService;
  esignTokens: EsignTokensService;
  clock: Clock;
}

const tokenHash = (token: string): string => sha256Hex(token);

export function createEsignService(deps: EsignDeps): EsignService {
  const { offers, esignTokens, clock } = deps;

  async function open(token: string, signer: Signer, sessionHash: string): Promise<EsignSession> {
    if (!isWellFormedToken(token)) throw new NotFoundError(LINK_NOT_VALID);
    const record = await esignTokens.find(tokenHash(token));
    const isUsable =
      record !== null &&
      record.tenantId === signer.tenantId &&
      record.candidateId === signer.candidateId &&
      record.sessionHash === sessionHash &&
      record.usedAt === null &&
      Date.parse(record.expiresAt) > clock.now().getTime();
    if (!isUsable) throw new NotFoundError(LINK_NOT_VALID);
    const { view, document } = await offers.getDocument(signer, record.offerId, record.documentId);
    return { token: record, view, document };
  }

  /** Spends the link inside the signing transaction: a replay or a race finds it spent and rolls back. */
  const spend = (token: string) => esignTokens.spendWithin(tokenHash(token), () => new NotFoundError(LINK_NOT_VALID));

  return {
    async mintLink(signer, sessionHash, offerId, documentId) {
      const { view, document } = await offers.getDocument(signer, offerId, documentId);
      if (!document.esignEnabled) throw new ConflictError(NOT_ESIGN_DOCUMENT);
      const now = clock.now();
      const check = transition(
        { status: view.offer.status, expiresAt: view.offer.expiresAt, documents: view.documents },
        { type: 'accept', method: 'esign', documentId },
        now,
      );
      if (!check.ok) throw new ConflictError(refusalMessage(check.reason, check.statusBefore));
      const token = newRandomToken();
      const expiresAt = new Date(now.getTime() + ESIGN_TOKEN_TTL_MS).toISOString();
      await esignTokens.insert({
        tokenHash: tokenHash(token),
        tenantId: signer.tenantId,
        candidateId: signer.candidateId,
        offerId,
        documentId,
        sessionHash,
        createdAt: now.toISOString(),
        expiresAt,
        usedAt: null,
      });
      return { url: esignPagePath(token), expiresAt };
    },

    open,

    readDocument: (session) => offers.readFile(session.token, session.view.offer.id, session.document.id, 'document'),

    async sign(token, signer, evidence, signature) {
      const { view, document } = await open(token, signer, evidence.sessionHash);
      const result = await offers.signTyped(signer, evidence, view.offer.id, document.id, signature, 'esign', spend(token));
      return { offerId: view.offer.id, documentId: document.id, result };
    },

    async reject(token, signer, evidence) {
      const { view, document } = await open(token, signer, evidence.sessionHash);
      const result = await offers.esignReject(signer, evidence, view.offer.id, document.id, spend(token));
      return { offerId: view.offer.id, documentId: document.id, result };
    },
  };
}
