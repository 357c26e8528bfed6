import { PDFArray, PDFDict, PDFName, type PDFDocument, type PDFObject } from 'pdf-lib';

/**
 * Takes what acts by itself out of a document before a receipt is drawn on it (issue 8 §1: "do not store or
 * re-serve active content at all: strip or rebuild … before drawing receipts"). Uploads carrying any are
 * refused (signed-upload.validation.ts), so nothing stored since has some; a file stored before that check
 * existed is re-served through its receipt. The receipt is an incremental update (pdf/incremental-update.ts):
 * the objects changed here are written again in the update, which is what every reader follows, so the
 * catalog, pages and annotations it shows carry no open action, additional actions, scripts, attachments or
 * XFA, while the original bytes stay the receipt's untouched prefix.
 */

/** A name as PDF readers read it: every `#xx` escape decoded, in either case (pdf-lib decodes uppercase only). */
export function readerName(name: PDFName): string {
  return name.asString().slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Keys that act or carry files, wherever they appear in the dictionaries cleaned here. */
const ACTING_KEYS = new Set(['OpenAction', 'AA', 'JavaScript', 'JS', 'EmbeddedFiles', 'XFA']);
/** Actions that stay on a link annotation: going to a page of the file or a web address, on a click. */
const CLICK_ACTIONS = new Set(['GoTo', 'URI']);

function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | null {
  const resolved = value === undefined ? undefined : doc.context.lookup(value);
  return resolved instanceof PDFDict ? resolved : null;
}

/** Removes acting keys from `dict` (whatever their escapes); returns how many. */
function dropActingKeys(dict: PDFDict): number {
  const doomed = dict.keys().filter((key) => ACTING_KEYS.has(readerName(key)));
  for (const key of doomed) dict.delete(key);
  return doomed.length;
}

/** Returns how many entries were removed (0 for every file the upload check accepts). */
export function stripActiveContent(doc: PDFDocument): number {
  let removed = dropActingKeys(doc.catalog);
  for (const key of doc.catalog.keys()) {
    const name = readerName(key);
    if (name === 'Names' || name === 'AcroForm') {
      const dict = dictOf(doc, doc.catalog.get(key));
      if (dict) removed += dropActingKeys(dict);
    }
  }
  for (const page of doc.getPages()) {
    removed += dropActingKeys(page.node);
    const annotations = doc.context.lookup(page.node.get(PDFName.of('Annots')));
    if (!(annotations instanceof PDFArray)) continue;
    for (const item of annotations.asArray()) {
      const annotation = dictOf(doc, item);
      if (!annotation) continue;
      removed += dropActingKeys(annotation);
      const actionKey = annotation.keys().find((key) => readerName(key) === 'A');
      const action = actionKey ? dictOf(doc, annotation.get(actionKey)) : null;
      const kind = action ? doc.context.lookup(action.get(PDFName.of('S'))) : undefined;
      if (actionKey && (!(kind instanceof PDFName) || !CLICK_ACTIONS.has(readerName(kind)) || action?.has(PDFName.of('Next')))) {
        annotation.delete(actionKey);
        removed += 1;
      }
    }
  }
  return removed;
}
