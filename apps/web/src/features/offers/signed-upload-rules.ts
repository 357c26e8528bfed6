import { SIGNED_UPLOAD_MAX_BYTES, SIGNED_UPLOAD_MAX_FILES } from '@careers/contracts';

/** Why a selection cannot be the signed offer letter (spec §5 "Upload", §9: 1 file, PDF; 10 MB, ours). */
export type UploadProblem =
  | { kind: 'too_many' }
  | { kind: 'not_pdf'; fileName: string }
  | { kind: 'too_large'; fileName: string }
  | { kind: 'empty'; fileName: string };

const PDF_MAGIC = '%PDF-';

function looksLikePdfByName(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

async function startsWithPdfMagic(file: File): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
    return String.fromCharCode(...head) === PDF_MAGIC;
  } catch {
    return false;
  }
}

/**
 * Checks a selection before anything is sent: at most one file ("You should upload at most 1 file"), a PDF
 * by name or type AND by its first bytes (a renamed file is not a PDF; the server checks again), not empty,
 * at most 10 MB. Null when the file may be uploaded.
 */
export async function checkSignedUpload(files: readonly File[]): Promise<UploadProblem | null> {
  if (files.length > SIGNED_UPLOAD_MAX_FILES) return { kind: 'too_many' };
  const [file] = files;
  if (!file) return null;
  if (!looksLikePdfByName(file)) return { kind: 'not_pdf', fileName: file.name };
  if (file.size === 0) return { kind: 'empty', fileName: file.name };
  if (file.size > SIGNED_UPLOAD_MAX_BYTES) return { kind: 'too_large', fileName: file.name };
  if (!(await startsWithPdfMagic(file))) return { kind: 'not_pdf', fileName: file.name };
  return null;
}

/** "10 MB" (1 MB = 1048576 bytes, spec §5). */
export const SIGNED_UPLOAD_MAX_LABEL = `${SIGNED_UPLOAD_MAX_BYTES / 1048576} MB`;
