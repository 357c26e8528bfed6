import { describe, expect, it } from 'vitest';
import { decodeContent, detectFileType, withoutFileContents } from './application-files';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))));
/** A whole 1×1 PNG: signature, IHDR, IDAT, IEND. */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

describe('application files: the type is what the bytes are', () => {
  it.each([
    ['pdf', bytes('%PDF-1.4\n')],
    ['png', PNG],
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0xff, 0xd9])],
    ['doc', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['docx', bytes([0x50, 0x4b, 0x03, 0x04], '[Content_Types].xml word/document.xml')],
    ['txt', bytes('Ada Lovelace\nAnalyst — café\n')],
  ])('recognises %s', (type, content) => {
    expect(detectFileType(content)).toBe(type);
  });

  it.each([
    ['a program', bytes('MZ', [0, 0, 0x90])],
    ['an ELF binary', bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
    ['a web page', bytes('<!DOCTYPE html><p>hi')],
    ['an SVG', bytes('<svg onload="alert(1)">')],
    ['a spreadsheet zip', bytes([0x50, 0x4b, 0x03, 0x04], '[Content_Types].xml xl/workbook.xml')],
    ['text with NUL', bytes('abc', [0], 'def')],
    ['invalid UTF-8', bytes([0xc3, 0x28])],
    ['a PNG signature alone', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['a PNG cut before its end', PNG.subarray(0, PNG.length - 4)],
    ['a JPEG cut before its end', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['a PDF behind a JPEG header', bytes([0xff, 0xd8, 0xff, 0xe0], '%PDF-1.4\n%%EOF\n')],
  ])('refuses %s', (_kind, content) => {
    expect(detectFileType(content)).toBeNull();
  });

  it('decodes base64 and data URLs, and refuses anything else', () => {
    expect(Buffer.from(decodeContent('data:application/pdf;base64,JVBERi0=') ?? []).toString()).toBe('%PDF-');
    expect(Buffer.from(decodeContent('JVBE Ri0=') ?? []).toString()).toBe('%PDF-');
    expect(decodeContent('JVBERi0')).toBeNull();
    expect(decodeContent('not base64!')).toBeNull();
    expect(decodeContent(42)).toBeNull();
  });

  it('drops file contents from drafts and keeps everything else', () => {
    expect(withoutFileContents({ name: 'Ada', resume: [{ name: 'cv.pdf', size: 3, content: 'abc' }], skills: ['x'] }, { unsentFiles: 'keepMetadata' })).toEqual({
      name: 'Ada',
      resume: [{ name: 'cv.pdf', size: 3 }],
      skills: ['x'],
    });
  });
});
