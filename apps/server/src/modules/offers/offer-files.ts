import type { SigningReceipt } from '@careers/contracts';
import type { DocumentFileKind, DocumentRecord } from './offers.repository';

/**
 * Which stored file stands for a document (issue 4: "the stored signed PDF is what the candidate downloads
 * afterwards"): the signed PDF after a typed signature, the file exactly as uploaded after an upload, the
 * original before signing. The receipt is the proof of signing: the signed PDF (its last page is the
 * certificate), or for an upload a receipt drawn from the uploaded file and its signing event.
 */
export interface StoredFile {
  kind: DocumentFileKind;
  sha256: string;
  size: number;
}

function file(kind: DocumentFileKind, sha256: string | null, size: number | null): StoredFile | null {
  return sha256 === null || size === null ? null : { kind, sha256, size };
}

export function shownFile(doc: DocumentRecord): StoredFile | null {
  switch (doc.signedMethod) {
    case 'inline':
    case 'esign':
      return file('signed', doc.signedSha256, doc.signedSize);
    case 'upload':
      return file('uploaded', doc.uploadedSha256, doc.uploadedSize);
    case null:
      return file('original', doc.originalSha256, doc.originalSize);
  }
}

/** `drawn`: the receipt of an upload, made on request from `file` (the upload) and the signing event. */
export type ReceiptSource = { drawn: false; file: StoredFile } | { drawn: true; file: StoredFile };

export function receiptSource(doc: DocumentRecord): ReceiptSource | null {
  switch (doc.signedMethod) {
    case 'inline':
    case 'esign': {
      const signed = file('signed', doc.signedSha256, doc.signedSize);
      return signed && { drawn: false, file: signed };
    }
    case 'upload': {
      const uploaded = file('uploaded', doc.uploadedSha256, doc.uploadedSize);
      return uploaded && { drawn: true, file: uploaded };
    }
    case null:
      return null;
  }
}

/**
 * `attachment` with both forms of RFC 6266: a plain ASCII `filename` for old clients and the exact name as
 * RFC 8187 `filename*`. Names here are server-made (offer ids), but anything outside a safe set is replaced
 * so no header can be split or quoted open.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The receipt's download name beside spec §5's offer-letter-{id}.pdf. */
export const receiptFileName = (offerId: string): string => `offer-letter-${offerId}-signing-certificate.pdf`;

/** The receipt of a signed document, from what its row stores; null while it is unsigned. */
export function receiptOf(offerId: string, doc: DocumentRecord): SigningReceipt | null {
  const file = shownFile(doc);
  if (!doc.signed || doc.signedMethod === null || doc.signingEventId === null || doc.signedAt === null || file === null) return null;
  return {
    event_id: doc.signingEventId,
    method: doc.signedMethod,
    offer_id: offerId,
    document_id: doc.id,
    signed_at: doc.signedAt,
    document_sha256: file.sha256,
  };
}
