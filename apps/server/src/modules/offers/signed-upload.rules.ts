import { OfferMessages, SIGNED_UPLOAD_MAX_BYTES } from '@careers/contracts';

/**
 * The words and statuses of an upload refusal (issue 4 "Upload path", T07), apart from the inspection
 * itself (signed-upload.validation.ts), which needs pdf-lib: routes and multipart parsing import these
 * without loading a PDF library the server only needs when a file arrives (P10 cold start).
 */

export type UploadRejectionCode =
  | 'no_file'
  | 'too_many_files'
  | 'bad_file_name'
  | 'empty'
  | 'too_large'
  | 'not_pdf'
  | 'truncated'
  | 'trailing_data'
  | 'unreadable'
  | 'encrypted'
  | 'no_pages'
  | 'active_content'
  | 'inflates_too_much'
  | 'too_complex'
  | 'check_in_progress';

export type UploadInspection =
  | { ok: true; fileName: string; size: number; pageCount: number; sha256: string }
  | { ok: false; code: UploadRejectionCode; message: string };

/**
 * The 4xx each refusal deserves: 413 for size (also the size a file inflates to), 415 for a file that is not a
 * PDF, 429 while the candidate's previous upload is still being checked (issue 8: one check per candidate at
 * a time), 400 otherwise.
 */
export const UPLOAD_REJECTION_STATUS: Record<UploadRejectionCode, 400 | 413 | 415 | 429> = {
  no_file: 400,
  too_many_files: 400,
  bad_file_name: 400,
  empty: 400,
  too_large: 413,
  not_pdf: 415,
  truncated: 400,
  trailing_data: 400,
  unreadable: 400,
  encrypted: 400,
  no_pages: 400,
  active_content: 400,
  inflates_too_much: 413,
  too_complex: 400,
  check_in_progress: 429,
};

const MAX_MB = SIGNED_UPLOAD_MAX_BYTES / 1048576;
const EXPORT_AGAIN = 'Save or print it to a new PDF and upload that file.';

export const UploadMessages = {
  noFile: 'Choose the signed offer letter (a PDF) to upload.',
  tooManyFiles: OfferMessages.atMostOneFile,
  empty: 'The file is empty. Choose the signed offer letter (a PDF) and upload it again.',
  tooLarge: `The file is larger than ${MAX_MB} MB. Upload a PDF of at most ${MAX_MB} MB.`,
  notPdf: 'The file is not a PDF. Upload the signed offer letter as a PDF file.',
  program: 'The file is a program, not a PDF. Upload the signed offer letter as a PDF file.',
  archive: `The file is an archive or an Office document (such as .docx), not a PDF. ${EXPORT_AGAIN}`,
  webPage: 'The file is a web page, not a PDF. Upload the signed offer letter as a PDF file.',
  image: `The file is an image, not a PDF. ${EXPORT_AGAIN}`,
  mixedWithWebPage: `The file mixes a PDF with web page code, which is not accepted. ${EXPORT_AGAIN}`,
  truncated: `The PDF is incomplete: it may have been cut off while saving or uploading. ${EXPORT_AGAIN}`,
  trailingData: `The PDF has other data attached after its end, which is not accepted. ${EXPORT_AGAIN}`,
  unreadable: `The PDF could not be read; it may be damaged. ${EXPORT_AGAIN}`,
  encrypted: 'The PDF is password-protected or encrypted. Upload a copy without a password.',
  noPages: 'The PDF has no pages. Upload the signed offer letter.',
  activeContent: `The PDF contains scripts, actions or attached files, which are not accepted. ${EXPORT_AGAIN}`,
  inflatesTooMuch: `The PDF expands to far more data than a letter needs when opened, which is not accepted. ${EXPORT_AGAIN}`,
  tooComplex: `The PDF is too complex to check: it is nested too deeply or takes too long to read. ${EXPORT_AGAIN}`,
  checkInProgress: 'Your previous upload is still being checked. Wait a few seconds for it to finish, then try again.',
} as const;

export interface UploadedFile {
  bytes: Uint8Array;
  filename: string;
}
