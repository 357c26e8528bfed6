import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './offer-evidence';
import { pdfBomb } from './pdf-bomb.test-support';
import { inflationBudget, measureInflation } from './signed-upload.inflation';
import { buildUploadCorpus, enc, VALID_NAME, type Sample } from './signed-upload.corpus';
import { UPLOAD_REJECTION_STATUS, UploadMessages, inspectUploadedFiles, inspectUploadedPdf } from './signed-upload.validation';

let good: Uint8Array;
let malformed: Sample[];
let valid: Sample[];

beforeAll(async () => {
  ({ good, malformed, valid } = await buildUploadCorpus());
}, 60_000);

describe('inspectUploadedPdf: the malformed corpus (T07)', () => {
  it('holds at least 200 crafted files, every one refused with a clear message', async () => {
    expect(malformed.length).toBeGreaterThanOrEqual(200);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const accepted: string[] = [];
    const codes = new Map<string, number>();
    for (const sample of malformed) {
      const result = await inspectUploadedPdf(sample.bytes, sample.filename);
      if (result.ok) {
        accepted.push(sample.label);
        continue;
      }
      codes.set(result.code, (codes.get(result.code) ?? 0) + 1);
      expect(UPLOAD_REJECTION_STATUS[result.code]).toBeGreaterThanOrEqual(400);
      expect(UPLOAD_REJECTION_STATUS[result.code]).toBeLessThan(500);
      // A clear message: a sentence or two the candidate can act on, no internals, no echo of the input.
      expect(result.message).toMatch(/^[A-Z].{15,200}\.$/);
      expect(result.message).not.toMatch(/error|exception|undefined|stack|pdf-lib|\bat [\w.<>]+ \(/i);
      if (sample.filename.length > 3) expect(result.message).not.toContain(sample.filename);
    }
    expect(accepted).toEqual([]);
    // pdf-lib must not have been left to log about hostile input (log hygiene, T22).
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    warn.mockRestore();
    log.mockRestore();
    console.info(`T07 corpus: ${malformed.length} malformed files refused; by code ${JSON.stringify(Object.fromEntries(codes))}`);
  }, 60_000);

  it('names what the file is when it can tell', async () => {
    const message = async (label: string): Promise<string> => {
      const sample = malformed.find((s) => s.label.startsWith(label));
      const result = await inspectUploadedPdf(sample?.bytes ?? new Uint8Array(), sample?.filename ?? '');
      return result.ok ? '' : result.message;
    };
    expect(await message('program elf64')).toBe(UploadMessages.program);
    expect(await message('program pe')).toBe(UploadMessages.program);
    expect(await message('zip word/document.xml')).toBe(UploadMessages.archive);
    expect(await message('html <!DOCTYPE html>')).toBe(UploadMessages.webPage);
    expect(await message('truncated inside %%EOF')).toBe(UploadMessages.truncated);
    expect(await message('encrypted handmade 1')).toBe(UploadMessages.encrypted);
    expect(await message('encrypted update 3')).toBe(UploadMessages.encrypted);
    expect(await message('zip appended after %%EOF')).toBe(UploadMessages.trailingData);
    expect(await message('html in the pdf head')).toBe(UploadMessages.mixedWithWebPage);
    expect(await message('active content 1')).toBe(UploadMessages.activeContent);
    expect(await message('javascript inside an object stream')).toBe(UploadMessages.activeContent);
    expect(await message('empty')).toBe(UploadMessages.empty);
    expect(await message('oversize by one byte')).toBe(UploadMessages.tooLarge);
    expect(await message('catalog without pages')).toBe(UploadMessages.noPages);
  });

  it('sizes the limit as 10 × 1048576 bytes: at the limit accepted, one byte more refused', async () => {
    const atLimit = valid.find((s) => s.label === 'exactly at the size limit');
    const over = malformed.find((s) => s.label === 'oversize by one byte');
    expect(atLimit?.bytes.length).toBe(10_485_760);
    expect(over?.bytes.length).toBe(10_485_761);
    expect(await inspectUploadedPdf(over?.bytes ?? new Uint8Array(), VALID_NAME)).toEqual({ ok: false, code: 'too_large', message: 'The file is larger than 10 MB. Upload a PDF of at most 10 MB.' });
  });
});

describe('inspectUploadedPdf: valid files', () => {
  it('accepts at least 20 real PDFs, reporting name, size, pages and SHA-256', async () => {
    expect(valid.length).toBeGreaterThanOrEqual(20);
    for (const sample of valid) {
      const result = await inspectUploadedPdf(sample.bytes, sample.filename);
      expect(result, sample.label).toMatchObject({ ok: true, size: sample.bytes.length, sha256: sha256Hex(sample.bytes) });
      if (result.ok) expect(result.pageCount).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);
  it('reports the display name without directory parts', async () => {
    expect(await inspectUploadedPdf(good, 'C:\\fakepath\\signed offer.pdf')).toMatchObject({ ok: true, fileName: 'signed offer.pdf', pageCount: 1 });
  });
});

describe('inspectUploadedFiles (spec §9: one file)', () => {
  it('refuses no file and more than one file before reading any', async () => {
    expect(await inspectUploadedFiles([])).toEqual({ ok: false, code: 'no_file', message: UploadMessages.noFile });
    const two = [{ bytes: good, filename: 'a.pdf' }, { bytes: good, filename: 'b.pdf' }];
    expect(await inspectUploadedFiles(two)).toEqual({ ok: false, code: 'too_many_files', message: 'You should upload at most 1 file' });
  });
  it('inspects a single file', async () => {
    expect(await inspectUploadedFiles([{ bytes: good, filename: 'a.pdf' }])).toMatchObject({ ok: true, fileName: 'a.pdf' });
    expect(await inspectUploadedFiles([{ bytes: enc('MZ'), filename: 'a.pdf' }])).toMatchObject({ ok: false, code: 'not_pdf' });
  });
});

describe('issue 8 §1: decompression bombs and active content that passed before', () => {
  it('refuses a 1 MB object stream that inflates to 1 GB, and its 100 KB variant, in well under a second', async () => {
    for (const [megabytes, size] of [[1024, 1_100_000], [100, 110_000]] as const) {
      const bomb = pdfBomb(megabytes);
      expect(bomb.length).toBeLessThan(size);
      const started = performance.now();
      expect(await inspectUploadedPdf(bomb, VALID_NAME)).toEqual({ ok: false, code: 'inflates_too_much', message: UploadMessages.inflatesTooMuch });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
  it('follows a chain of Flate filters (a bomb inside a bomb)', async () => {
    const bomb = pdfBomb(1024, { filters: 2 });
    expect(bomb.length).toBeLessThan(10_000);
    expect(await inspectUploadedPdf(bomb, VALID_NAME)).toMatchObject({ ok: false, code: 'inflates_too_much' });
  });
  it('stops inflating as soon as the budget is crossed', () => {
    const report = measureInflation(pdfBomb(1024));
    expect(report.withinBudget).toBe(false);
    expect(report.inflatedBytes).toBeLessThanOrEqual(inflationBudget(pdfBomb(1024).length) + 1);
    expect(inflationBudget(1_000_000)).toBe(20_000_000);
    expect(inflationBudget(10)).toBe(16 * 1024 * 1024);
    expect(inflationBudget(10 * 1024 * 1024)).toBe(128 * 1024 * 1024);
  });
  it('lets a file inflate up to its budget', async () => {
    // 10 MB of zeros from a ~10 KB stream: under the 16 MB every file may use (pdf-lib then finds no objects in
    // it: unreadable, not a bomb).
    expect(measureInflation(pdfBomb(10))).toEqual({ withinBudget: true, inflatedBytes: 10 * 1024 * 1024 });
    expect(await inspectUploadedPdf(pdfBomb(10), VALID_NAME)).toMatchObject({ ok: false, code: 'unreadable' });
  });
  it('decodes names as readers do, refuses actions on open and nesting past the limit', async () => {
    const code = (label: string) => {
      const sample = malformed.find((s) => s.label === label);
      expect(sample, label).toBeDefined();
      return inspectUploadedPdf(sample?.bytes ?? new Uint8Array(), VALID_NAME).then((result) => (result.ok ? 'accepted' : result.code));
    };
    expect(await code('evasion lowercase-escaped JavaScript')).toBe('active_content');
    expect(await code('evasion all-lowercase escapes')).toBe('active_content');
    expect(await code('evasion lowercase-escaped Launch')).toBe('active_content');
    expect(await code('evasion uri on open')).toBe('active_content');
    expect(await code('evasion uri on open, indirect')).toBe('active_content');
    expect(await code('evasion uri after a goto on open')).toBe('active_content');
    expect(await code('evasion remote go-to on open')).toBe('active_content');
    expect(await code('evasion script on a page, lowercase-escaped')).toBe('active_content');
    expect(await code('evasion nesting 65 deep')).toBe('too_complex');
    expect(await code('evasion escaped script under 70 levels')).toBe('too_complex');
    expect(UploadMessages.tooComplex).toMatch(/^[A-Z].{15,200}\.$/);
  });
  it('still accepts a page destination or GoTo on open, a link, and nesting under the limit', async () => {
    for (const label of ['opens at a page (destination)', 'opens at a page (GoTo action)', 'a link to a web page (acts only when clicked)', 'nested 60 deep']) {
      const sample = valid.find((s) => s.label === label);
      expect(await inspectUploadedPdf(sample?.bytes ?? new Uint8Array(), VALID_NAME), label).toMatchObject({ ok: true });
    }
  });
});
