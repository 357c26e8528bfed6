/** Small readers of field values shared by the rule engine and the visibility resolver. */
import { BYTES_PER_MB } from './form-constants';
import type { UploadedFileEntry } from './value-checks';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value by its own key only, so a field named `constructor` never reads Object.prototype. */
export function ownValue(values: unknown, name: string): unknown {
  return isRecord(values) && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
}

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number from a number or the text of one; null otherwise. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!NUMERIC_TEXT.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/** Characters as a candidate counts them (code points: an emoji is one). */
export function textLength(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

/** YYYY-MM-DD or YYYY-MM naming a real day or month (2023-02-30 does not). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return false;
  if (match[3] === undefined) return true;
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** today plus `days` (YYYY-MM-DD arithmetic in UTC, free of the host's zone). */
export function addDays(today: string, days: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

const DATA_URL_PREFIX = /^data:[^,]{0,200};base64,/;

/**
 * The bytes a file entry holds: decoded from its base64 content when it has some (the server cannot trust
 * a declared size), else its declared size.
 */
export function fileByteSize(entry: UploadedFileEntry): number {
  if (entry.content === undefined) return entry.size;
  const base64 = entry.content.replace(DATA_URL_PREFIX, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

export function isBase64Content(content: string): boolean {
  const base64 = content.replace(DATA_URL_PREFIX, '');
  return base64.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(base64);
}

export function megabytesToBytes(megabytes: number): number {
  return megabytes * BYTES_PER_MB;
}

/** 'Resume.PDF' → 'pdf'; '' without an extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}
