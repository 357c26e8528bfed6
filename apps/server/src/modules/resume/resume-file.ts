import { inflateRawSync } from 'node:zlib';

/**
 * What an uploaded resume is, judged from its bytes (T07: never from its name or the browser's type), and the
 * words of every refusal. Shared by the route (cheap checks before any thread is used) and the extraction
 * thread (resume-extract.ts). Nothing here loads a PDF or Word library.
 */

export type ResumeFileType = 'pdf' | 'docx' | 'txt';

export const RESUME_CONTENT_TYPES: Record<ResumeFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

export type ResumeRejectionCode =
  | 'no_file'
  | 'bad_file_name'
  | 'empty'
  | 'too_large'
  | 'unsupported_type'
  | 'type_not_allowed'
  | 'truncated'
  | 'unreadable'
  | 'encrypted'
  | 'inflates_too_much'
  | 'no_text'
  | 'too_complex'
  | 'check_in_progress';

export const RESUME_REJECTION_STATUS: Record<ResumeRejectionCode, 400 | 413 | 415 | 422 | 429> = {
  no_file: 400,
  bad_file_name: 400,
  empty: 400,
  too_large: 413,
  unsupported_type: 415,
  type_not_allowed: 415,
  truncated: 400,
  unreadable: 400,
  encrypted: 400,
  inflates_too_much: 413,
  no_text: 422,
  too_complex: 400,
  check_in_progress: 429,
};

const SAVE_AGAIN = 'Save your resume again as a PDF or Word (.docx) file and upload that.';
const KINDS = 'a PDF, a Word document (.docx) or a plain text file (.txt)';

export const ResumeMessages = {
  noFile: `Choose your resume (${KINDS}) to upload.`,
  empty: 'The file is empty. Choose your resume and upload it again.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Upload a resume of at most ${mb} MB.`,
  oldWord: `The file is an older Word document (.doc) or a password-protected one, which cannot be read. ${SAVE_AGAIN}`,
  rtf: `The file is a Rich Text (.rtf) document, which cannot be read. ${SAVE_AGAIN}`,
  image: `The file is an image, so its text cannot be read. Upload your resume as ${KINDS}.`,
  program: `The file is a program, not a resume. Upload your resume as ${KINDS}.`,
  archive: `The file is an archive or another kind of Office file, not a resume. Upload your resume as ${KINDS}.`,
  webPage: `The file is a web page, not a resume. Upload your resume as ${KINDS}.`,
  unsupported: `This kind of file cannot be read. Upload your resume as ${KINDS}.`,
  notAllowed: (type: string, allowed: readonly string[]) => `${type.toUpperCase()} files are not accepted here. Upload your resume as ${allowed.map((kind) => `.${kind}`).join(', ')}.`,
  truncated: `The PDF is incomplete: it may have been cut off while saving or uploading. ${SAVE_AGAIN}`,
  unreadablePdf: `The PDF could not be read; it may be damaged. ${SAVE_AGAIN}`,
  unreadableDocx: `The Word document could not be read; it may be damaged. ${SAVE_AGAIN}`,
  encrypted: 'The file is password-protected or encrypted. Upload a copy without a password.',
  inflatesTooMuch: `The file expands to far more data than a resume needs when opened, which is not accepted. ${SAVE_AGAIN}`,
  noTextPdf: 'No text could be found in the PDF: it may be a scanned image. Upload a PDF saved from your word processor, or a Word (.docx) file.',
  noText: 'No text could be found in the file. Check it is your resume and upload it again.',
  tooComplex: `The file is too complex to read in time. ${SAVE_AGAIN}`,
  checkInProgress: 'Your previous resume is still being read. Wait a few seconds for it to finish, then try again.',
} as const;

export type ResumeInspection =
  | { ok: true; fileType: ResumeFileType; text: string }
  | { ok: false; code: ResumeRejectionCode; message: string };

export const refuse = (code: ResumeRejectionCode, message: string): ResumeInspection & { ok: false } => ({ ok: false, code, message });

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((byte, index) => bytes[index] === byte);
const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/* eslint-disable no-control-regex -- binary file signatures are control bytes */
const REFUSED_SIGNATURES: readonly [RegExp, string][] = [
  [/^\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1/, ResumeMessages.oldWord],
  [/^\{\\rtf/, ResumeMessages.rtf],
  [/^(\xff\xd8\xff|\x89PNG|GIF8[79]a|II\*\x00|MM\x00\*|RIFF....WEBP|....ftyp(heic|heix|avif|mif1))/s, ResumeMessages.image],
  [/^(\x7fELF|MZ|\xfe\xed\xfa[\xce\xcf]|[\xce\xcf]\xfa\xed\xfe|\xca\xfe\xba\xbe|#!|\x00asm)/, ResumeMessages.program],
  [/^(PK\x03\x04|PK\x05\x06|PK\x07\x08|Rar!|7z\xbc\xaf|\x1f\x8b|BZh)/, ResumeMessages.archive],
  [/^(\xef\xbb\xbf)?\s*<\s*(!doctype|html|head|body|script|svg|\?xml)/i, ResumeMessages.webPage],
];
/* eslint-enable no-control-regex */

/** PDF, DOCX or UTF-8 text; anything else a refusal that says what the file is. */
export function detectResumeType(bytes: Uint8Array): { ok: true; fileType: ResumeFileType } | (ResumeInspection & { ok: false }) {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ok: true, fileType: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && isWordPackage(bytes)) return { ok: true, fileType: 'docx' };
  const head = latin1(bytes.subarray(0, 64));
  const known = REFUSED_SIGNATURES.find(([signature]) => signature.test(head));
  if (known) return refuse('unsupported_type', known[1]);
  if (isPlainText(bytes)) return { ok: true, fileType: 'txt' };
  return refuse('unsupported_type', ResumeMessages.unsupported);
}

/** A Word document is a zip with a word/document.xml part (an .xlsx or a .jar is not). */
function isWordPackage(bytes: Uint8Array): boolean {
  const entries = readZipDirectory(bytes);
  return entries !== null && entries.some((entry) => entry.name === 'word/document.xml');
}

/** UTF-8 text (a byte-order mark allowed) without NUL or other binary controls. */
export function isPlainText(bytes: Uint8Array): boolean {
  return decodeText(bytes) !== null;
}

export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? null : text;
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** A Word document has a few dozen parts; thousands is a zip made to exhaust the reader. */
export const ZIP_MAX_ENTRIES = 2000;
/** Inflated bytes a resume's parts may add up to: a long resume with photos is a few MB. */
export const DOCX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** The zip's central directory, or null when it is not a readable (non-zip64) zip. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (count > ZIP_MAX_ENTRIES || count === 0xffff || at + directorySize > end) return null;
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, nameLength).toString('utf8'),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localHeaderOffset === 0xffffffff) return null;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export type ZipVerdict = 'ok' | 'encrypted' | 'unreadable' | 'inflates_too_much';

/**
 * The zip-bomb guard of an uploaded Word document, before mammoth (which inflates every part whole, in
 * JavaScript): the declared sizes must stay within the budget, and then every part is really inflated with
 * Node's zlib under the same budget, so a zip whose directory lies about its sizes is caught too.
 */
export function checkZipInflation(bytes: Uint8Array, budget = DOCX_MAX_INFLATED_BYTES): ZipVerdict {
  const entries = readZipDirectory(bytes);
  if (entries === null) return 'unreadable';
  if (entries.some((entry) => (entry.flags & 0x1) !== 0)) return 'encrypted';
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > budget) return 'inflates_too_much';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let inflated = 0;
  for (const entry of entries) {
    const local = entry.localHeaderOffset;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return 'unreadable';
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, Math.min(bytes.length, dataStart + entry.compressedSize));
    if (entry.method === 0) {
      inflated += data.length;
    } else if (entry.method === 8) {
      try {
        inflated += inflateRawSync(data, { maxOutputLength: Math.max(1, budget - inflated + 1) }).length;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'inflates_too_much' : 'unreadable';
      }
    } else {
      return 'unreadable';
    }
    if (inflated > budget) return 'inflates_too_much';
  }
  return 'ok';
}

/** Text enough to be a resume: a few words of letters, not a page of blanks or symbols. */
export function hasReadableText(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= 20;
}
