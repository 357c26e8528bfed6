import { offerApiPaths } from '@careers/contracts';
import { apiUrl } from '../../../lib/http';

/** Links the browser follows itself (PDF attachments), decorated with the tenant domain like any call. */
export const documentDownloadHref = (offerId: string, documentId: string): string =>
  apiUrl(offerApiPaths.download(offerId, documentId));

/** The signing certificate / upload receipt: the document's own `receipt_path` when the server gives one. */
export const documentReceiptHref = (offerId: string, documentId: string, receiptPath?: string | null): string =>
  apiUrl(receiptPath ?? offerApiPaths.receipt(offerId, documentId));

/** A stored file the server did not inline (`s3_path`, spec §3). */
export const storedFileHref = (path: string): string => apiUrl(path);
