import {
  OfferMessages,
  effectiveOfferStatus,
  offerApiPaths,
  type EsignStatusResponse,
  type Offer,
  type OfferActionResponse,
  type OfferDocument,
} from '@careers/contracts';
import { receiptSource, shownFile } from './offer-files';
import type { DocumentRecord } from './offers.repository';
import { NOT_SIGNED_YET, type ActionResult, type EsignStatus, type OfferView } from './offers.service';

/**
 * Offers on the wire (spec §3 field names; an allow-list: nothing else of a row leaves the server). The
 * status is the effective one (spec §4: an Extended offer past expiry is Expired whatever is stored).
 */

function presentDocument(offerId: string, doc: DocumentRecord, files: ReadonlyMap<string, Uint8Array> | null): OfferDocument {
  const wire: OfferDocument = {
    id: doc.id,
    name: doc.name,
    status: doc.status,
    signed: doc.signed,
    url: doc.esignEnabled ? offerApiPaths.esignToken(offerId, doc.id) : null,
    updated_at: doc.updatedAt,
    expires_at: doc.expiresAt,
    s3_path: shownFile(doc) ? offerApiPaths.download(offerId, doc.id) : null,
    receipt_path: receiptSource(doc) ? offerApiPaths.receipt(offerId, doc.id) : null,
    signing_mode: doc.signingMode,
  };
  // The list leaves the bytes out; the detail sends them when small enough (else null: fetch s3_path).
  if (files) wire.b64_string = files.has(doc.id) ? Buffer.from(files.get(doc.id) as Uint8Array).toString('base64') : null;
  return wire;
}

export function presentOffer(view: OfferView, now: Date, files: ReadonlyMap<string, Uint8Array> | null = null): Offer {
  const { offer, documents } = view;
  return {
    id: offer.id,
    status: effectiveOfferStatus({ status: offer.status, expires_at: offer.expiresAt }, now),
    position: { id: offer.positionId === null ? null : String(offer.positionId), name: offer.positionName },
    updated_at: offer.updatedAt,
    expires_at: offer.expiresAt,
    offer_documents: documents.map((doc) => presentDocument(offer.id, doc, files)),
  };
}

export function presentAction(result: ActionResult, now: Date, message: string): OfferActionResponse {
  return { offer: presentOffer(result.view, now), receipt: result.receipt, message };
}

/** T11: the state as stored, with the words for what the server itself recorded. */
export function presentEsignStatus(status: EsignStatus, now: Date): EsignStatusResponse {
  const message = status.document.signed
    ? OfferMessages.esignSuccess
    : status.decision === 'rejected'
      ? OfferMessages.esignRejected
      : NOT_SIGNED_YET;
  return {
    ...presentAction(status, now, message),
    status: status.document.status,
    signed: status.document.signed,
    esign_decision: status.decision,
  };
}
