import { OfferMessages, offerLetterFileName, type EsignTokenResponse } from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { plainPage } from '../../http/html';
import { tenantOf } from '../../http/request-context';
import { evidenceOf, idParam, signerOf } from '../offers/offers.policy';
import { requireTypedSignature } from '../offers/typed-signature-input';
import { renderEsignPage, ESIGN_SCRIPT_PATH } from './esign-page.html';
import { ESIGN_PAGE_SCRIPT } from './esign-page.script';
import { ESIGN_PAGE_PATH, LINK_NOT_VALID, esignApiPath, type EsignService } from './esign.service';

export interface EsignRoutesOptions {
  esign: EsignService;
}

/** What the page's script reads back after Sign or Reject. */
export interface EsignDecisionResponse {
  offer_id: string;
  document_id: string;
  message: string;
}

type Params = Record<string, unknown>;

/** The letter's own policy in the signing frame: deny everything, keep `frame-ancestors 'self'`. */
export const ESIGN_DOCUMENT_CSP = "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** The link's token, from the query string (see esignPagePath); anything else is no token. */
const tokenParam = (request: FastifyRequest): string => {
  const token = (request.query as Params).token;
  return typeof token === 'string' ? token : '';
};

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * The hosted e-signature page and its calls (spec §2 (c), §4 "E-sign"). The page lives at /careers/esign
 * beside the SPA routes but is rendered here; frame-ancestors 'self' (security headers) lets only this site
 * frame it. Its POSTs carry the normal CSRF header, read from the page's own meta tag.
 */
export const esignRoutes: FastifyPluginAsync<EsignRoutesOptions> = async (app, { esign }) => {
  /** The page asks the signed-in owner for a fresh link whenever it shows the frame. */
  app.post('/api/offer/offers/:offerId/:documentId/esign_token', async (request): Promise<EsignTokenResponse & { expires_at: string }> => {
    const signer = signerOf(request);
    const params = request.params as Params;
    const link = await esign.mintLink(signer, evidenceOf(request).sessionHash, idParam(params.offerId), idParam(params.documentId));
    return { url: link.url, expires_at: link.expiresAt };
  });

  app.get(ESIGN_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(ESIGN_PAGE_SCRIPT),
  );

  app.get(ESIGN_PAGE_PATH, async (request, reply) => {
    const token = tokenParam(request);
    const notFound = (reply: FastifyReply) =>
      reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(plainPage('Signing link not valid', LINK_NOT_VALID));
    if (!request.session) return notFound(reply);
    let session;
    try {
      const signer = signerOf(request);
      session = await esign.open(token, signer, evidenceOf(request).sessionHash);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notFound(reply);
      throw error;
    }
    const tenant = tenantOf(request);
    const html = renderEsignPage({
      token,
      csrfToken: request.csrfToken,
      companyName: tenant.companyName,
      primaryColor: tenant.config.pcsxConfig.branding.primaryColor ?? null,
      positionName: session.view.offer.positionName,
      documentName: session.document.name,
      offerId: session.view.offer.id,
      documentId: session.document.id,
      fullName: signerOf(request).fullName,
      documentUrl: esignApiPath('document', token),
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  // The letter inside the page's frame: shown inline, readable only through the live link of its session.
  app.get('/api/esign/document', async (request, reply) => {
    const signer = signerOf(request);
    const session = await esign.open(tokenParam(request), signer, evidenceOf(request).sessionHash);
    const bytes = await esign.readDocument(session);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${offerLetterFileName(session.view.offer.id).replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      // A PDF is not a page of ours: it needs nothing from the policy but to stay inside this site's frames.
      // It still gets the site's hard lines (T10: no plugins, no <base>), and nothing else may load at all.
      // Chromium's built-in viewer shows the letter under this policy (checked in Chromium 156).
      .header('content-security-policy', ESIGN_DOCUMENT_CSP)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  app.post('/api/esign/sign', async (request): Promise<EsignDecisionResponse> => {
    const signer = signerOf(request);
    const signature = requireTypedSignature(fieldsOf(request.body));
    const outcome = await esign.sign(tokenParam(request), signer, evidenceOf(request), signature);
    return { offer_id: outcome.offerId, document_id: outcome.documentId, message: OfferMessages.esignSuccess };
  });

  app.post('/api/esign/reject', async (request): Promise<EsignDecisionResponse> => {
    const signer = signerOf(request);
    const outcome = await esign.reject(tokenParam(request), signer, evidenceOf(request));
    return { offer_id: outcome.offerId, document_id: outcome.documentId, message: OfferMessages.esignRejected };
  });
};
