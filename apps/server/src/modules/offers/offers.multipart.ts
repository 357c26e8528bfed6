import { ErrorCode, SIGNED_UPLOAD_MAX_BYTES, SIGNED_UPLOAD_MAX_FILES } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../errors';
import { rejectionError } from './offers.upload-errors';
import { UploadMessages, type UploadedFile } from './signed-upload.rules';

/**
 * Reads the body of an accept call (spec §7: "multipart form; field signed_offer_letter_pdf_file on the upload
 * path", "body signed_document_file"): the text fields and the file(s) of the named field, in memory, with
 * hard limits so nothing unbounded is ever buffered. A JSON body is accepted too (the inline path sends
 * fields only). Limits map onto the upload messages (T07): a second file is "You should upload at most 1
 * file", a file over 10 MB is refused as soon as its 10 MB + 1st byte arrives.
 */

export interface SignedForm {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/** Enough for a typed name, a checkbox and a document id; anything larger is not a form we sent. */
const FIELD_MAX_BYTES = 4096;
const FIELDS_MAX = 8;

export const MULTIPART_LIMITS = {
  // One more than allowed, so a second file is seen and refused with its own message rather than dropped.
  files: SIGNED_UPLOAD_MAX_FILES + 1,
  fileSize: SIGNED_UPLOAD_MAX_BYTES,
  fields: FIELDS_MAX,
  fieldSize: FIELD_MAX_BYTES,
  parts: FIELDS_MAX + SIGNED_UPLOAD_MAX_FILES + 1,
  headerPairs: 32,
} as const;

const TOO_MANY_FIELDS = 'The form has more fields than expected.';
const FIELD_TOO_LONG = 'A form field is longer than allowed.';

function multipartError(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return rejectionError('too_many_files', UploadMessages.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return rejectionError('too_large', UploadMessages.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, ErrorCode.payloadTooLarge, TOO_MANY_FIELDS);
    default:
      // Malformed multipart (cut off, bad boundary, a `__proto__` field): the request, not the file, is broken.
      return new BadRequestError();
  }
}

export async function readSignedForm(request: FastifyRequest, fileField: string): Promise<SignedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: UploadedFile[] = [];
  try {
    // preservePath: the validator sees the name as sent and refuses traversal attempts instead of busboy
    // silently cutting them down to a harmless-looking base name (T07 "path-traversal names").
    for await (const part of request.parts({ limits: MULTIPART_LIMITS, preservePath: true })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new BadRequestError(`Upload the file in the form field "${fileField}".`);
        }
        const bytes = await part.toBuffer();
        // A browser sends an empty part with filename="" when no file was chosen: that is "no file".
        if (part.filename === '' && bytes.length === 0) continue;
        files.push({ bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename: part.filename });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, ErrorCode.payloadTooLarge, FIELD_TOO_LONG);
        if (Object.hasOwn(fields, part.fieldname)) throw new BadRequestError(`The form field "${part.fieldname}" was sent twice.`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw error instanceof AppError ? error : multipartError(error);
  }
  if (files.length > SIGNED_UPLOAD_MAX_FILES) throw rejectionError('too_many_files', UploadMessages.tooManyFiles);
  return { fields: { ...fields }, files };
}
