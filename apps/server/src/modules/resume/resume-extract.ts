import { measureInflation } from '../offers/signed-upload.inflation';
import { ResumeMessages, checkZipInflation, decodeText, detectResumeType, hasReadableText, refuse, type ResumeInspection } from './resume-file';

/**
 * The text of an uploaded resume (issue 11: "extracts the text of PDF, DOCX and TXT resumes with maintained
 * libraries, bounded in time and memory like the offer uploads"): unpdf (pdf.js) for PDF, mammoth for DOCX.
 * Runs in the extraction thread (resume-extract.pool.ts) under its memory and time limits; every file a
 * library cannot read, or should not be asked to, gets a refusal with a message the candidate can act on.
 */

/** Extracted text beyond this is not a resume; the parser never sees more. */
export const RESUME_TEXT_MAX_CHARS = 200_000;

const ENCRYPT_KEY = /\/Encrypt\s*(<<|\d+\s+\d+\s+R)/;

export async function extractResumeText(bytes: Uint8Array): Promise<ResumeInspection> {
  const type = detectResumeType(bytes);
  if (!type.ok) return type;
  switch (type.fileType) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'txt': {
      const text = decodeText(bytes);
      if (text === null) return refuse('unsupported_type', ResumeMessages.unsupported);
      return withText('txt', text.replace(/^\uFEFF/, ''), ResumeMessages.noText);
    }
  }
}

function withText(fileType: 'pdf' | 'docx' | 'txt', text: string, emptyMessage: string): ResumeInspection {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ').slice(0, RESUME_TEXT_MAX_CHARS);
  if (!hasReadableText(clean)) return refuse('no_text', emptyMessage);
  return { ok: true, fileType, text: clean };
}

async function extractPdf(bytes: Uint8Array): Promise<ResumeInspection> {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + Math.max(0, bytes.length - 4096), Math.min(4096, bytes.length)).toString('latin1');
  if (!/startxref\s+\d+\s*%%EOF/.test(tail)) return refuse('truncated', ResumeMessages.truncated);
  // Before pdf.js, which inflates streams as it reads them (a decompression bomb).
  if (!measureInflation(bytes).withinBudget) return refuse('inflates_too_much', ResumeMessages.inflatesTooMuch);
  if (ENCRYPT_KEY.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) return refuse('encrypted', ResumeMessages.encrypted);
  installPromiseWithResolvers();
  const { getDocumentProxy } = await import('unpdf');
  let text: string;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: it gets a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: true });
    try {
      text = await pdfLines(document);
    } finally {
      await document.destroy();
    }
  } catch (error) {
    return (error as { name?: string }).name === 'PasswordException' ? refuse('encrypted', ResumeMessages.encrypted) : refuse('unreadable', ResumeMessages.unreadablePdf);
  }
  return withText('pdf', text, ResumeMessages.noTextPdf);
}

async function extractDocx(bytes: Uint8Array): Promise<ResumeInspection> {
  switch (checkZipInflation(bytes)) {
    case 'encrypted':
      return refuse('encrypted', ResumeMessages.encrypted);
    case 'unreadable':
      return refuse('unreadable', ResumeMessages.unreadableDocx);
    case 'inflates_too_much':
      return refuse('inflates_too_much', ResumeMessages.inflatesTooMuch);
    case 'ok':
      break;
  }
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    const raw = (await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })).value;
    // mammoth ends every paragraph with a blank line: one paragraph per line, an empty paragraph a blank line.
    text = raw.replace(/\r\n?/g, '\n').split('\n\n').join('\n');
  } catch {
    return refuse('unreadable', ResumeMessages.unreadableDocx);
  }
  return withText('docx', text, ResumeMessages.noText);
}

interface PdfTextItem {
  str: string;
  hasEOL?: boolean;
  transform: number[];
  height: number;
}

/**
 * The PDF's text as lines, in the order it was drawn (a two-column layout's columns stay apart): a new line
 * where pdf.js says one ends or the baseline moves, a blank line where the gap is wider than a line (a new
 * paragraph or entry), which the parser reads as the end of an entry's header.
 */
async function pdfLines(document: { numPages: number; getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }>; cleanup(): unknown }> }): Promise<string> {
  const lines: string[] = [];
  let length = 0;
  for (let number = 1; number <= document.numPages && length < RESUME_TEXT_MAX_CHARS; number++) {
    const page = await document.getPage(number);
    const { items } = await page.getTextContent();
    let line = '';
    let lineY: number | null = null;
    let lineHeight = 10;
    let previous: { y: number; height: number } | null = null;
    const endLine = () => {
      if (line.trim() === '' || lineY === null) return;
      // A gap wider than two lines between baselines: a new paragraph or entry.
      if (previous !== null && Math.abs(previous.y - lineY) > Math.max(previous.height, lineHeight) * 2.1) lines.push('');
      lines.push(line.trim());
      length += line.length;
      previous = { y: lineY, height: lineHeight };
      line = '';
      lineY = null;
    };
    for (const item of items as PdfTextItem[]) {
      if (typeof item.str !== 'string' || !Array.isArray(item.transform)) continue;
      const y = item.transform[5] ?? 0;
      if (item.str.trim() !== '') {
        if (lineY !== null && Math.abs(y - lineY) > lineHeight * 0.5) endLine();
        if (lineY === null) {
          lineY = y;
          lineHeight = item.height || lineHeight;
        }
      }
      line += item.str;
      if (item.hasEOL) endLine();
    }
    endLine();
    lines.push('');
    page.cleanup();
  }
  return lines.join('\n');
}

/** pdf.js 5 calls Promise.withResolvers, which Node 20 lacks (DEPENDENCIES.md). */
function installPromiseWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: unknown };
  promise.withResolvers ??= function withResolvers<T>() {
    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const settled = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: settled, resolve, reject };
  };
}
