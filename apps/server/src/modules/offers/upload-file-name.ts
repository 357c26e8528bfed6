/**
 * The name a candidate's browser sent with an upload, made safe to SHOW (on a receipt, in the audit log).
 * It is never used to name anything on disk: stored files get server-made names (T08).
 *
 * Browsers send a bare file name; directory parts (old browsers' "C:\fakepath\...") are dropped. A name that
 * tries to climb directories, carries control characters (header or log injection) or bidirectional
 * overrides (the "gpj.exe" trick that displays as "exe.jpg"), or is ill-formed Unicode is refused outright:
 * no browser sends one, so it is an attack, not a typo.
 */

export const UPLOAD_FILE_NAME_MAX_LENGTH = 255;

export type FileNameCheck = { ok: true; name: string } | { ok: false; message: string };

const NAME_NOT_ALLOWED = 'The file name contains characters that are not allowed. Rename the file and upload it again.';

// C0 and C1 controls, DEL, bidi embeddings/overrides/isolates and marks, BOM, noncharacters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/u;
// A ".." segment, also when written with look-alike dots and slashes or percent-encoded.
const TRAVERSAL = /(^|[/\\])\.\.([/\\]|$)/;
const ENCODED_PATH = /%(2e|2f|5c|c0|c1|e0)/i;
// In a /u pattern a proper surrogate pair is one code point, so this only finds unpaired halves.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export function checkUploadFileName(raw: string): FileNameCheck {
  if (LONE_SURROGATE.test(raw)) return { ok: false, message: NAME_NOT_ALLOWED };
  const folded = raw.normalize('NFKC');
  if (FORBIDDEN.test(folded) || TRAVERSAL.test(folded) || ENCODED_PATH.test(folded)) return { ok: false, message: NAME_NOT_ALLOWED };
  const name = (raw.split(/[/\\]/).pop() ?? '').normalize('NFC').trim();
  if (name === '' || name === '.' || name === '..') return { ok: false, message: 'The file has no name. Rename the file and upload it again.' };
  if (name.length > UPLOAD_FILE_NAME_MAX_LENGTH) {
    return { ok: false, message: `The file name is longer than ${UPLOAD_FILE_NAME_MAX_LENGTH} characters. Rename the file and upload it again.` };
  }
  return { ok: true, name };
}
