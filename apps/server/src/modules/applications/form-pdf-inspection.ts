import type { CandidateKey, SignedUploadChecker } from '../offers/signed-upload.check';
import type { UploadRejectionCode } from '../offers/signed-upload.rules';
import type { CheckedFile } from './application-files';

/**
 * PDFs in form answers go through the offer letters' inspection (issue 9 "the same bounded, content-checked
 * upload path as offer letters", T07): in a worker thread with memory and time limits, one check per candidate
 * at a time; complete, readable, unencrypted, with pages, and no scripts, actions or attachments. The magic
 * bytes alone (application-files.ts) would let an encrypted or scripted PDF through. Run before the write's
 * transaction opens, so no lock is held while a thread reads a hostile file.
 */

const EXPORT_AGAIN = 'Save or print it to a new PDF and upload that file.';

/** The refusal in the form's words: the field names the file (the offer messages speak of a signed letter). */
export const FormPdfMessages: Record<UploadRejectionCode, (name: string) => string> = {
  no_file: (name) => `${name} could not be uploaded. Choose the file again.`,
  too_many_files: (name) => `${name} could not be uploaded. Choose the file again.`,
  bad_file_name: (name) => `${name} has a name that cannot be used. Rename the file and upload it again.`,
  empty: (name) => `${name} is empty.`,
  too_large: (name) => `${name} is too large.`,
  not_pdf: (name) => `${name} is not a PDF. ${EXPORT_AGAIN}`,
  truncated: (name) => `${name} is incomplete: it may have been cut off while saving or uploading. ${EXPORT_AGAIN}`,
  trailing_data: (name) => `${name} has other data attached after its end. ${EXPORT_AGAIN}`,
  unreadable: (name) => `${name} could not be read; it may be damaged. ${EXPORT_AGAIN}`,
  encrypted: (name) => `${name} is password-protected or encrypted. Upload a copy without a password.`,
  no_pages: (name) => `${name} has no pages.`,
  active_content: (name) => `${name} contains scripts, actions or attached files, which are not accepted. ${EXPORT_AGAIN}`,
  inflates_too_much: (name) => `${name} expands to far more data than a document needs. ${EXPORT_AGAIN}`,
  too_complex: (name) => `${name} is too complex to check. ${EXPORT_AGAIN}`,
  check_in_progress: () => 'Your previous upload is still being checked. Wait a few seconds for it to finish, then try again.',
};

/** Field errors for the new PDFs the inspection refuses (the first refused file per field); {} when all pass. */
export async function inspectFormPdfs(checker: SignedUploadChecker, candidate: CandidateKey, files: readonly CheckedFile[]): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const file of files) {
    if (file.fileType !== 'pdf' || file.bytes === null || errors[file.fieldName]) continue;
    const inspection = await checker.check(candidate, [{ bytes: file.bytes, filename: file.fileName }]);
    if (!inspection.ok) errors[file.fieldName] = FormPdfMessages[inspection.code](file.fileName);
  }
  return errors;
}
