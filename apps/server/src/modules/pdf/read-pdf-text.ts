/**
 * Reads a PDF the way a viewer does, with pdf.js (already installed for the web app): page count and the
 * text of each page. The signing tests use it to check what a reader of the signed file actually sees,
 * rather than what we meant to draw; pdf.js also follows the incremental-update chain independently of
 * pdf-lib, so it doubles as a second parser.
 */

// pdf.js 5 calls Promise.withResolvers, which Node 20 lacks (DEPENDENCIES.md).
const promiseWithResolvers = Promise as unknown as { withResolvers?: unknown };
promiseWithResolvers.withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

import type { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pageCount: number;
  /** One string per page: its text items joined by single spaces. */
  pages: string[];
}

type PdfJsDocument = Awaited<ReturnType<typeof getDocument>['promise']>;

async function withDocument<T>(bytes: Uint8Array, read: (doc: PdfJsDocument) => Promise<T>): Promise<T> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy, and a plain Uint8Array.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false });
  try {
    return await read(await task.promise);
  } finally {
    await task.destroy();
  }
}

export function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  return withDocument(bytes, async (doc) => {
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.trim() !== '')
          .join(' '),
      );
    }
    return { pageCount: doc.numPages, pages };
  });
}

export interface PositionedText {
  text: string;
  /** Left edge and baseline, in points from the page's bottom-left corner. */
  x: number;
  y: number;
  width: number;
}

/** Where each text item of one page (0-based) is drawn: for tests of layout, such as a right-to-left page. */
export function textPositions(bytes: Uint8Array, pageIndex: number): Promise<PositionedText[]> {
  return withDocument(bytes, async (doc) => {
    const content = await (await doc.getPage(pageIndex + 1)).getTextContent();
    return content.items.flatMap((item) =>
      'str' in item && item.str.trim() !== '' ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : [],
    );
  });
}
