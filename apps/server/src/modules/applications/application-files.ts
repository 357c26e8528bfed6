import { createHash, randomUUID } from 'node:crypto';
import type { FormValues } from '@careers/contracts';
import { checkUploadFileName } from '../offers/upload-file-name';
import { FILE_ITEM_TYPES, answerItems, type FormDefinition } from './form-definition';

/**
 * Files in application answers (issue 9 "Files uploaded in forms go through the same bounded, content-checked
 * upload path", T07/T08). They arrive as the spec's uploaded file entries ({ uid, name, size, type, content
 * (base64), … }) inside a submit's values. The bytes decide the type — never the name or the browser's `type`
 * — and only the tenant's allowed types (file upload config, or the item's own allowedTypes) pass; sizes are
 * measured on the decoded bytes against the per-file and cumulative limits. Nothing is parsed or run here:
 * the check reads a few header bytes (a text file is decoded once), so it is cheap and bounded by the body
 * limit. The stored answer keeps only a reference ({ fileId, name, size, type, sha256 }), never the bytes.
 */

export const MEBIBYTE = 1048576;

export type DetectedFileType = 'pdf' | 'docx' | 'doc' | 'png' | 'jpg' | 'txt';

const CONTENT_TYPES: Record<DetectedFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  png: 'image/png',
  jpg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
};

/** The media type a stored file is served with (its type was found from its bytes when uploaded). */
export const contentTypeOf = (fileType: string): string => CONTENT_TYPES[fileType as DetectedFileType] ?? 'application/octet-stream';

export interface CheckedFile {
  id: string;
  fieldName: string;
  fileName: string;
  fileType: string;
  /** null: a file the candidate uploaded before (a previous application), stored already. */
  bytes: Uint8Array | null;
  size: number;
  sha256: string;
}

/** A file the candidate stored before, offered again by its fileId (the apply form prefills it). */
export interface StoredFileFacts {
  id: string;
  fileType: string;
  size: number;
  sha256: string;
}

/** The fileIds of entries that carry no content: files the candidate means to reuse. */
export function reusedFileIds(definition: FormDefinition, values: FormValues): string[] {
  return answerItems(definition)
    .filter((item) => FILE_ITEM_TYPES.has(item.type) && Array.isArray(values[item.name]))
    .flatMap((item) => values[item.name] as unknown[])
    .map((entry) => (entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {}))
    .filter((entry) => entry.content === undefined && typeof entry.fileId === 'string')
    .map((entry) => entry.fileId as string);
}

export interface FileLimits {
  /** Extensions as in the file upload config ('pdf', 'docx', 'jpeg' …). */
  allowedTypes: readonly string[];
  maxFileSizeMB: number;
}

export type FileCheck = { ok: true; files: CheckedFile[]; values: FormValues } | { ok: false; errors: Record<string, string> };

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((byte, index) => bytes[index] === byte);

/** The type the bytes are, or null for anything else (programs, archives, web pages, unknown). */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return isCompletePng(bytes) ? 'png' : null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return isCompleteJpeg(bytes) ? 'jpg' : null;
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A Word document is a zip whose parts include word/…; any other zip (or .xlsx, .jar) is not one.
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64 * 1024)).toString('latin1');
    return head.includes('[Content_Types].xml') && head.includes('word/') ? 'docx' : null;
  }
  return isPlainText(bytes) ? 'txt' : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] as const;
const endsWith = (bytes: Uint8Array, tail: readonly number[]): boolean => tail.every((byte, index) => bytes[bytes.length - tail.length + index] === byte);

/**
 * A PNG whose first chunk is its header and whose last is IEND (issue 9, T07): a truncated image, or something
 * else behind a PNG signature, is not one.
 */
function isCompletePng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 + 25 + 12 && Buffer.from(bytes.subarray(12, 16)).toString('latin1') === 'IHDR' && endsWith(bytes, PNG_END);
}

/** A JPEG ends with its end-of-image marker; a cut-off one, or a PDF behind a JPEG header, does not. */
function isCompleteJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && endsWith(bytes, [0xff, 0xd9]);
}

const MARKUP = /<\s*(!doctype|html|script|svg|iframe|object|body)\b/i;

/** UTF-8 text without NUL or other binary controls, and not a web page (a browser would run it). */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) && !MARKUP.test(text.slice(0, 4096));
}

const TYPE_ALIASES: Record<DetectedFileType, readonly string[]> = {
  pdf: ['pdf'],
  docx: ['docx'],
  doc: ['doc'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  txt: ['txt'],
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes an entry's base64 content (a data URL is accepted too); null when it is not base64. */
export function decodeContent(content: unknown): Uint8Array | null {
  if (typeof content !== 'string') return null;
  const comma = content.startsWith('data:') ? content.indexOf(',') : -1;
  const body = (comma >= 0 ? content.slice(comma + 1) : content).replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !BASE64.test(body)) return null;
  return new Uint8Array(Buffer.from(body, 'base64'));
}

export const FileMessages = {
  unreadable: (name: string) => `${name} could not be uploaded. Choose the file again.`,
  notAllowed: (name: string, allowed: readonly string[]) => `${name} is not an allowed file type. Upload ${allowed.join(', ')}.`,
  tooLarge: (names: readonly string[], mb: number) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} larger than ${mb} MB.`,
  cumulativeTooLarge: (mb: number) => `The files add up to more than ${mb} MB.`,
  empty: (name: string) => `${name} is empty.`,
  notAList: 'File could not be uploaded.',
} as const;

/**
 * Checks every file item's entries among the (visible) values, returning the files to store and the values with
 * each entry replaced by its reference; or the field errors.
 */
export function checkFiles(definition: FormDefinition, values: FormValues, limits: FileLimits, stored: ReadonlyMap<string, StoredFileFacts> = new Map()): FileCheck {
  const errors: Record<string, string> = {};
  const files: CheckedFile[] = [];
  const kept: FormValues = { ...values };
  for (const item of answerItems(definition)) {
    if (!FILE_ITEM_TYPES.has(item.type) || values[item.name] === undefined || values[item.name] === null) continue;
    const entries = values[item.name];
    if (!Array.isArray(entries)) {
      errors[item.name] = FileMessages.notAList;
      continue;
    }
    const allowed = item.fileUploadOptions?.allowedTypes ?? limits.allowedTypes;
    const maxMB = item.fileUploadOptions?.uploadSize ?? limits.maxFileSizeMB;
    const cumulativeRule = item.rules?.find((rule) => rule.type === 'maxCumulativeFileSizeMB');
    const checked: CheckedFile[] = [];
    const oversized: string[] = [];
    for (const entry of entries as unknown[]) {
      const record = (entry ?? {}) as Record<string, unknown>;
      const name = checkUploadFileName(typeof record.name === 'string' ? record.name : '');
      // Reused: only a file of this candidate's (the caller looked them up by candidate); anyone else's id is unknown.
      const previous = record.content === undefined && typeof record.fileId === 'string' ? stored.get(record.fileId) : undefined;
      if (name.ok && previous) {
        const allowedType = TYPE_ALIASES[previous.fileType as DetectedFileType]?.some((alias) => allowed.includes(alias)) ?? false;
        if (!allowedType) {
          errors[item.name] = FileMessages.notAllowed(name.name, allowed);
          break;
        }
        if (previous.size > maxMB * MEBIBYTE) oversized.push(name.name);
        else checked.push({ id: previous.id, fieldName: item.name, fileName: name.name, fileType: previous.fileType, bytes: null, size: previous.size, sha256: previous.sha256 });
        continue;
      }
      const bytes = decodeContent(record.content);
      if (!name.ok || !bytes) {
        errors[item.name] = name.ok ? FileMessages.unreadable(name.name) : name.message;
        break;
      }
      if (bytes.length === 0) {
        errors[item.name] = FileMessages.empty(name.name);
        break;
      }
      if (bytes.length > maxMB * MEBIBYTE) {
        oversized.push(name.name);
        continue;
      }
      const type = detectFileType(bytes);
      if (!type || !TYPE_ALIASES[type].some((alias) => allowed.includes(alias))) {
        errors[item.name] = FileMessages.notAllowed(name.name, allowed);
        break;
      }
      checked.push({
        id: randomUUID(),
        fieldName: item.name,
        fileName: name.name,
        fileType: type,
        bytes,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    if (errors[item.name]) continue;
    if (oversized.length > 0) {
      errors[item.name] = FileMessages.tooLarge(oversized, maxMB);
      continue;
    }
    const total = checked.reduce((sum, file) => sum + file.size, 0);
    if (cumulativeRule && total > Number(cumulativeRule.value) * MEBIBYTE) {
      errors[item.name] = cumulativeRule.message ?? FileMessages.cumulativeTooLarge(Number(cumulativeRule.value));
      continue;
    }
    files.push(...checked);
    kept[item.name] = checked.map(fileReference);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, files, values: kept };
}

/** What the answers keep of a file: enough to list and fetch it, not its bytes. */
export function fileReference(file: Pick<CheckedFile, 'id' | 'fileName' | 'size' | 'fileType' | 'sha256'>) {
  return { uid: file.id, fileId: file.id, name: file.fileName, size: file.size, type: file.fileType, sha256: file.sha256, status: 'done' };
}

/** Drafts and saved progress keep what was typed, not file bytes (one rule with the browser's autosave). */
export { withoutFileContents } from '@careers/contracts';
