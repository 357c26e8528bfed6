import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import { apiKeyTenantOf } from '../../http/request-context';
import { attachmentDisposition, receiptFileName } from './offer-files';
import {
  AdminOffer,
  CertificateQuery,
  EvidenceResponse,
  ExtendOfferBody,
  OfferDocumentParams,
  OfferIdParams,
  OffersQuery,
  presentAdminOffer,
  presentEvidence,
} from './offers.admin-schemas';
import type { OffersService } from './offers.service';
import { z } from 'zod';

/**
 * The employer API's offers (issue 10 "Offers"), under /api/admin/v1: extend, list, read, cancel, the signed
 * PDF, the certificate and the evidence chain with its verification. The key names the tenant
 * (apiKeyTenantOf); another tenant's offer answers 404. Extending takes JSON with each PDF in base64 (one
 * schema in the OpenAPI document, no multipart for integrators to assemble); the request may be up to
 * EXTEND_BODY_LIMIT_BYTES, so one 10 MB letter fits.
 */

export interface AdminOffersRoutesOptions {
  offers: OffersService;
  clock: Clock;
}

/** One 10 MB PDF in base64 (13.4 MB) and the rest of the request. */
export const EXTEND_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

const tags = ['Offers'];

export const adminOffersRoutes: FastifyPluginAsync<AdminOffersRoutesOptions> = async (app, options) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  const { offers, clock } = options;

  admin.post(
    '/offers',
    {
      bodyLimit: EXTEND_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Extend an offer to a candidate',
        description:
          'Writes the offer, its documents and an `extended` evidence event per document in one transaction. Each PDF passes the same check as a candidate upload; a refused document writes nothing (400/413/415).',
        tags,
        body: ExtendOfferBody,
        response: { 201: AdminOffer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const view = await offers.extend({
        tenantId: apiKeyTenantOf(request),
        candidate: body.candidate_id !== undefined ? { id: body.candidate_id } : { email: body.candidate_email as string },
        position: body.position_id !== undefined ? { id: body.position_id } : { externalRef: body.position_external_ref as string },
        expiresAt: body.expires_at,
        documents: body.documents.map((document) => ({
          name: document.name,
          signing: document.signing,
          pdf: new Uint8Array(Buffer.from(document.pdf_base64, 'base64')),
        })),
      });
      return reply.code(201).send(presentAdminOffer(view, clock.now()));
    },
  );

  admin.get(
    '/offers',
    { schema: { summary: 'List offers', tags, querystring: OffersQuery, response: { 200: z.object({ offers: z.array(AdminOffer) }) } } },
    async (request) => {
      const { status, candidate_id: candidateId, limit, offset } = request.query;
      const views = await offers.listForTenant(apiKeyTenantOf(request), { status, candidateId, limit, offset });
      const now = clock.now();
      return { offers: views.map((view) => presentAdminOffer(view, now)) };
    },
  );

  admin.get('/offers/:id', { schema: { summary: 'Read an offer', tags, params: OfferIdParams, response: { 200: AdminOffer } } }, async (request) =>
    presentAdminOffer(await offers.getForTenant(apiKeyTenantOf(request), request.params.id), clock.now()),
  );

  admin.post(
    '/offers/:id/cancel',
    {
      schema: {
        summary: 'Cancel (withdraw) an offer',
        description: 'Only while Extended and not past its deadline (409 otherwise); recorded as a `canceled` evidence event and sent to `offer.canceled` webhooks.',
        tags,
        params: OfferIdParams,
        response: { 200: AdminOffer },
      },
    },
    async (request) => presentAdminOffer(await offers.cancelForTenant(apiKeyTenantOf(request), request.params.id), clock.now()),
  );

  admin.get(
    '/offers/:id/documents/:documentId/signed.pdf',
    {
      schema: {
        summary: 'Download a signed document',
        description: 'application/pdf: the signed PDF (its last page the signing certificate), or an uploaded signed copy exactly as received. 404 until signed.',
        tags,
        params: OfferDocumentParams,
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const pdf = await offers.signedPdf(apiKeyTenantOf(request), id, documentId);
      return reply.type('application/pdf').header('content-disposition', attachmentDisposition(`offer-${id}-${documentId}-signed.pdf`)).send(Buffer.from(pdf));
    },
  );

  admin.get(
    '/offers/:id/certificate',
    {
      schema: {
        summary: 'Download the signing certificate',
        description:
          'application/pdf: the proof of signing of a signed document (document_id, or the first signed one): the signed PDF ending in its certificate page, or for an upload a receipt with the certificate. 404 until a document is signed.',
        tags,
        params: OfferIdParams,
        querystring: CertificateQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const certificate = await offers.certificate(apiKeyTenantOf(request), id, request.query.document_id);
      return reply.type('application/pdf').header('content-disposition', attachmentDisposition(receiptFileName(id))).send(Buffer.from(certificate.pdf));
    },
  );

  admin.get(
    '/offers/:id/evidence',
    {
      schema: {
        summary: 'Read and verify the evidence chain',
        description: 'Every event of the offer in order, with the result of re-computing the hash chain (valid: false names the first broken event).',
        tags,
        params: OfferIdParams,
        response: { 200: EvidenceResponse },
      },
    },
    async (request) => presentEvidence(await offers.evidence(apiKeyTenantOf(request), request.params.id)),
  );
};
