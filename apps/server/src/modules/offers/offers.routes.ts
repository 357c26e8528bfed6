import multipart from '@fastify/multipart';
import {
  DOCUMENT_UPLOAD_FIELD,
  DeclineOfferRequestSchema,
  EsignStatusRequestSchema,
  OFFER_DOCUMENT_INLINE_MAX_BYTES,
  OFFER_UPLOAD_FIELD,
  OfferMessages,
  OfferViewedRequestSchema,
  offerLetterFileName,
  type EsignStatusResponse,
  type OfferActionResponse,
  type OfferDetailResponse,
  type OffersListResponse,
} from '@careers/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import { BadRequestError } from '../../errors';
import { parseInput } from '../../http/parse';
import { requestLocale } from '../../http/request-locale';
import { attachmentDisposition, receiptFileName } from './offer-files';
import { MULTIPART_LIMITS, readSignedForm } from './offers.multipart';
import { evidenceOf, idParam, signerOf } from './offers.policy';
import { presentAction, presentEsignStatus, presentOffer } from './offers.presenter';
import type { ActionResult, OffersService, Signer } from './offers.service';
import { offerWriteRateLimit, type RateLimits } from '../../http/rate-limit';
import { rejectionError } from './offers.upload-errors';
import { typedSignatureFrom } from './typed-signature-input';
import { UploadMessages } from './signed-upload.rules';

export interface OffersRoutesOptions {
  offers: OffersService;
  clock: Clock;
  limits: RateLimits;
}

type Params = Record<string, unknown>;

/**
 * spec §7 "Offers", plus the downloads, the viewed record and the e-sign confirmation. Each handler: who
 * (policy) → what (contract) → the service → the presenter. Multipart is registered here only, with this
 * module's limits; no other route accepts uploads through it.
 */
export const offersRoutes: FastifyPluginAsync<OffersRoutesOptions> = async (app, { offers, clock, limits }) => {
  // Stamping a signature, storing an upload and drawing a receipt are the expensive calls: limit them.
  const pdfWork = offerWriteRateLimit(limits);
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  const respond = (result: ActionResult, message: string): OfferActionResponse => presentAction(result, clock.now(), message);

  /** Signs by upload or typed name, or confirms an e-signature: the shared body of both accept routes. */
  async function accept(request: FastifyRequest, signer: Signer, offerId: string, documentId: string | null, fileField: string, isEsignDocument: boolean) {
    const form = await readSignedForm(request, fileField);
    const evidence = evidenceOf(request);
    const signature = typedSignatureFrom(form.fields);
    if (form.files.length > 0) {
      if (signature !== null) throw new BadRequestError('Send either a signed file or a typed signature, not both.');
      return respond(await offers.upload(signer, evidence, offerId, documentId, form.files), OfferMessages.acceptSuccess);
    }
    if (signature !== null) {
      return respond(await offers.signTyped(signer, evidence, offerId, documentId, signature, 'inline'), OfferMessages.acceptSuccess);
    }
    // spec §4 E-sign: "on sign, the accept is sent with empty form data" — a confirmation, never a signature.
    if (documentId !== null && isEsignDocument) {
      return respond(await offers.confirmSigned(signer, offerId, documentId), OfferMessages.esignSuccess);
    }
    // The web silently ignores a submit with no file (spec §5); the API says what is missing.
    throw rejectionError('no_file', UploadMessages.noFile);
  }

  async function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string) {
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('content-length', String(bytes.byteLength))
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  // spec §7: the signed-in candidate's offers (Cache-Control: no-store comes with every /api answer).
  app.get('/api/offer/offers', async (request): Promise<OffersListResponse> => {
    const signer = signerOf(request);
    const now = clock.now();
    return { offers: (await offers.list(signer)).map((view) => presentOffer(view, now)) };
  });

  app.get('/api/offer/offers/:offerId', async (request): Promise<OfferDetailResponse> => {
    const signer = signerOf(request);
    const view = await offers.get(signer, idParam((request.params as Params).offerId));
    const files = await offers.readShownFiles(view, OFFER_DOCUMENT_INLINE_MAX_BYTES);
    return { offer: presentOffer(view, clock.now(), files) };
  });

  // spec §5 "File name offer-letter-{id}.pdf": the file a candidate keeps (the signed copy once signed).
  app.get('/api/offer/offers/:offerId/:documentId/download', async (request, reply) => {
    const signer = signerOf(request);
    const params = request.params as Params;
    const offerId = idParam(params.offerId);
    const bytes = await offers.readFile(signer, offerId, idParam(params.documentId), 'document');
    return sendPdf(reply, bytes, offerLetterFileName(offerId));
  });

  app.get('/api/offer/offers/:offerId/:documentId/receipt', { config: pdfWork }, async (request, reply) => {
    const signer = signerOf(request);
    const params = request.params as Params;
    const offerId = idParam(params.offerId);
    const bytes = await offers.readFile(signer, offerId, idParam(params.documentId), 'receipt', requestLocale(request));
    return sendPdf(reply, bytes, receiptFileName(offerId));
  });

  // Views are evidence, reported by the page with a POST: no GET changes state (T03).
  app.post('/api/offer/offers/:offerId/viewed', async (request, reply) => {
    const signer = signerOf(request);
    const offerId = idParam((request.params as Params).offerId);
    const input = parseInput(OfferViewedRequestSchema, request.body);
    const documentId = input.document_id == null ? null : idParam(input.document_id);
    await offers.recordView(signer, evidenceOf(request), offerId, documentId);
    return reply.code(204).send();
  });

  app.post('/api/offer/offers/:offerId/accept', { config: pdfWork }, async (request) => {
    const signer = signerOf(request);
    const offerId = idParam((request.params as Params).offerId);
    // Ownership before the body is read: a foreign id is a 404 whatever is attached (T01).
    await offers.get(signer, offerId);
    return accept(request, signer, offerId, null, OFFER_UPLOAD_FIELD, false);
  });

  app.post('/api/offer/offers/:offerId/:documentId/accept', { config: pdfWork }, async (request) => {
    const signer = signerOf(request);
    const params = request.params as Params;
    const offerId = idParam(params.offerId);
    const { document } = await offers.getDocument(signer, offerId, idParam(params.documentId));
    return accept(request, signer, offerId, document.id, DOCUMENT_UPLOAD_FIELD, document.esignEnabled);
  });

  app.post('/api/offer/offers/:offerId/decline', async (request): Promise<OfferActionResponse> => {
    const signer = signerOf(request);
    const offerId = idParam((request.params as Params).offerId);
    await offers.get(signer, offerId);
    const input = parseInput(DeclineOfferRequestSchema, request.body);
    const result = await offers.decline(signer, evidenceOf(request), offerId, { code: input.reason_code ?? null, text: input.reason_text ?? null });
    return respond(result, OfferMessages.declineSuccess);
  });

  // T11: whatever the page says the frame said, the answer is the server's own record.
  app.post('/api/offer/offers/:offerId/:documentId/esign_status', async (request): Promise<EsignStatusResponse> => {
    const signer = signerOf(request);
    const params = request.params as Params;
    const offerId = idParam(params.offerId);
    const documentId = idParam(params.documentId);
    const status = await offers.esignStatus(signer, offerId, documentId);
    if (request.body !== undefined && request.body !== null) parseInput(EsignStatusRequestSchema.partial(), request.body);
    return presentEsignStatus(status, clock.now());
  });
};
