import { SIGNED_UPLOAD_MAX_BYTES, SIGNED_UPLOAD_MAX_FILES } from '@careers/contracts';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import { readerName } from '../pdf/strip-active-content';
import { sha256Hex } from './offer-evidence';
import { measureInflation } from './signed-upload.inflation';
import { UploadMessages, type UploadInspection, type UploadRejectionCode, type UploadedFile } from './signed-upload.rules';
import { checkUploadFileName } from './upload-file-name';

export { UPLOAD_REJECTION_STATUS, UploadMessages, type UploadInspection, type UploadRejectionCode, type UploadedFile } from './signed-upload.rules';

/**
 * Judges an uploaded signed offer letter before anything is stored (issue 4 "Upload path", spec §5 and §9
 * "1 file, PDF", T07). The bytes decide, never the extension or MIME type: `%PDF-` at offset 0, a complete
 * file ending in `%%EOF` with nothing after it, readable by pdf-lib, not encrypted, at least one page, and
 * no scripts, launch actions or attachments. Every refusal carries a code and a message a candidate can act on.
 */

/** spec §9 "Signed offer upload: 1 file": zero or several files are refused before any is read. */
export async function inspectUploadedFiles(files: readonly UploadedFile[]): Promise<UploadInspection> {
  if (files.length === 0) return reject('no_file', UploadMessages.noFile);
  if (files.length > SIGNED_UPLOAD_MAX_FILES) return reject('too_many_files', UploadMessages.tooManyFiles);
  const [file] = files as [UploadedFile];
  return inspectUploadedPdf(file.bytes, file.filename);
}

export async function inspectUploadedPdf(bytes: Uint8Array, filename: string): Promise<UploadInspection> {
  const name = checkUploadFileName(filename);
  if (!name.ok) return reject('bad_file_name', name.message);
  if (bytes.length === 0) return reject('empty', UploadMessages.empty);
  if (bytes.length > SIGNED_UPLOAD_MAX_BYTES) return reject('too_large', UploadMessages.tooLarge);

  const structural = checkStructure(bytes);
  if (structural) return structural;
  // Before pdf-lib, which inflates object streams whole while loading (issue 8: a decompression bomb).
  if (!measureInflation(bytes).withinBudget) return reject('inflates_too_much', UploadMessages.inflatesTooMuch);

  let doc: PDFDocument;
  try {
    // Strict parsing; encryption is checked below so it gets its own message rather than a parse error.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return reject('unreadable', UploadMessages.unreadable);
  }
  const text = latin1(bytes);
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined || ENCRYPT_KEY.test(text)) {
    return reject('encrypted', UploadMessages.encrypted);
  }
  // pdf-lib quietly adopts any catalog it finds when the trailer's /Root is broken; readers that do not would
  // show something else, so a file whose own root is not its catalog is refused as damaged.
  if (declaredRoot(text) !== String(doc.context.trailerInfo.Root)) return reject('unreadable', UploadMessages.unreadable);
  let pageCount: number;
  try {
    pageCount = doc.getPageCount();
  } catch {
    return reject('unreadable', UploadMessages.unreadable);
  }
  if (pageCount === 0) return reject('no_pages', UploadMessages.noPages);
  const active = findActiveContent(doc);
  if (active === 'too_deep') return reject('too_complex', UploadMessages.tooComplex);
  if (active === 'active') return reject('active_content', UploadMessages.activeContent);
  return { ok: true, fileName: name.name, size: bytes.length, pageCount, sha256: sha256Hex(bytes) };
}

/** The root reference of the file's last trailer (or cross-reference stream), as "n g R". */
function declaredRoot(text: string): string | null {
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(ROOT_KEY)) last = match;
  return last ? `${Number(last[1])} ${Number(last[2])} R` : null;
}

function reject(code: UploadRejectionCode, message: string): UploadInspection {
  return { ok: false, code, message };
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

const PDF_HEADER = /^%PDF-[12]\.\d/;
const ENCRYPT_KEY = /\/Encrypt\s*(<<|\d+\s+\d+\s+R)/;
const ROOT_KEY = /\/Root\s+(\d+)\s+(\d+)\s+R\b/g;
// Markup a browser would sniff as a page: not allowed near the start of a PDF (a PDF/HTML polyglot).
const MARKUP = /<\s*(!doctype|html|head|body|script|iframe|svg|object|embed|meta)\b/i;

/** Signatures of what people (or attackers) upload instead of a PDF, for a message that says what it is. */
/* eslint-disable no-control-regex -- binary file signatures are control bytes */
const NOT_PDF_SIGNATURES: readonly [RegExp, string][] = [
  [/^(\x7fELF|MZ|\xfe\xed\xfa[\xce\xcf]|[\xce\xcf]\xfa\xed\xfe|\xca\xfe\xba\xbe|#!)/, UploadMessages.program],
  [/^(PK\x03\x04|PK\x05\x06|PK\x07\x08|\xd0\xcf\x11\xe0|Rar!|7z\xbc\xaf|\x1f\x8b)/, UploadMessages.archive],
  [/^(\xef\xbb\xbf)?\s*<\s*(!doctype|html|head|body|script|svg|\?xml)/i, UploadMessages.webPage],
  [/^(\xff\xd8\xff|\x89PNG|GIF8[79]a|II\*\x00|MM\x00\*|RIFF....WEBP)/s, UploadMessages.image],
];
/* eslint-enable no-control-regex */

function checkStructure(bytes: Uint8Array): UploadInspection | null {
  const head = latin1(bytes.subarray(0, 1024));
  if (!PDF_HEADER.test(head)) {
    const known = NOT_PDF_SIGNATURES.find(([signature]) => signature.test(head));
    return reject('not_pdf', known ? known[1] : UploadMessages.notPdf);
  }
  if (MARKUP.test(head)) return reject('not_pdf', UploadMessages.mixedWithWebPage);
  // The end of the file: "%%EOF" after a "startxref", and nothing after it but line ends and padding.
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 4096)));
  const eof = tail.lastIndexOf('%%EOF');
  if (eof === -1 || !/startxref\s+\d+\s*$/.test(tail.slice(0, eof))) {
    return reject('truncated', UploadMessages.truncated);
  }
  if (!/^[\s\0]*$/.test(tail.slice(eof + 5))) return reject('trailing_data', UploadMessages.trailingData);
  return null;
}

/**
 * Keys and name values that make a PDF do things when opened or read, or carry other files (issue 8: URI,
 * GoToR, additional actions and renditions besides scripts, launches, attachments and forms that submit).
 * A link annotation's URI action stays allowed: it acts only when the reader clicks it; on open it does not
 * (see OPEN_ACTIONS_ALLOWED).
 */
const ACTIVE = new Set([
  'JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'FileAttachment', 'RichMedia', 'RichMediaExecute', 'SubmitForm',
  'ImportData', 'GoToE', 'GoToR', 'XFA', 'AA', 'Rendition', 'Movie', 'Sound',
]);
/** What a document may do by itself when opened: go to one of its own pages. */
const OPEN_ACTIONS_ALLOWED = new Set(['GoTo']);
/** Deeper than this is refused rather than judged clean (issue 8: nesting past the limit passed before). */
export const MAX_OBJECT_DEPTH = 64;

type ActiveContentFinding = 'clean' | 'active' | 'too_deep';

function findActiveContent(doc: PDFDocument): ActiveContentFinding {
  const seen = new Set<PDFObject>();
  let finding: ActiveContentFinding = 'clean';
  const visit = (object: PDFObject, depth: number): boolean => {
    if (depth > MAX_OBJECT_DEPTH) {
      finding = 'too_deep';
      return true;
    }
    if (seen.has(object)) return false;
    seen.add(object);
    if (object instanceof PDFName) {
      if (!ACTIVE.has(readerName(object))) return false;
      finding = 'active';
      return true;
    }
    if (object instanceof PDFRawStream) return visit(object.dict, depth + 1);
    if (object instanceof PDFArray) return object.asArray().some((item) => visit(item, depth + 1));
    if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        if (ACTIVE.has(readerName(key))) {
          finding = 'active';
          return true;
        }
        if (readerName(key) === 'OpenAction' && !isHarmlessOpenAction(doc, value)) {
          finding = 'active';
          return true;
        }
        if (visit(value, depth + 1)) return true;
      }
    }
    return false;
  };
  doc.context.enumerateIndirectObjects().some(([, object]) => visit(object, 0));
  return finding;
}

/**
 * An open action that is a destination (an array, or a name of one) or a chain of GoTo actions within the
 * file; anything else (URI, Launch, a script, a named action, a chain with one of those in its /Next) acts on
 * open and is refused.
 */
function isHarmlessOpenAction(doc: PDFDocument, value: PDFObject, depth = 0): boolean {
  if (depth > 8) return false;
  const resolved = doc.context.lookup(value);
  if (resolved instanceof PDFArray || resolved instanceof PDFName || resolved instanceof PDFString || resolved instanceof PDFHexString) return true;
  if (!(resolved instanceof PDFDict)) return false;
  const type = resolved.get(PDFName.of('S'));
  const kind = type === undefined ? null : doc.context.lookup(type);
  if (!(kind instanceof PDFName) || !OPEN_ACTIONS_ALLOWED.has(readerName(kind))) return false;
  const next = resolved.get(PDFName.of('Next'));
  if (next === undefined) return true;
  const nextValue = doc.context.lookup(next);
  if (nextValue instanceof PDFArray) return nextValue.asArray().every((item) => isHarmlessOpenAction(doc, item, depth + 1));
  return isHarmlessOpenAction(doc, next, depth + 1);
}
