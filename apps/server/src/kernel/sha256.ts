import { createHash } from 'node:crypto';

/** SHA-256 as lower-case hex: file fingerprints, evidence hashes, token hashes (offers, pdf, esign). */
export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
