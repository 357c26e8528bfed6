import { ErrorCode } from '@careers/contracts';
import { AppError } from '../../errors';
import { UPLOAD_REJECTION_STATUS, type UploadRejectionCode } from './signed-upload.rules';

const CODE_BY_STATUS = {
  400: ErrorCode.badRequest,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
} as const;

/** A refused upload as an HTTP error (T07: a 4xx with a message the candidate can act on, nothing stored). */
export function rejectionError(code: UploadRejectionCode, message: string): AppError {
  const status = UPLOAD_REJECTION_STATUS[code];
  return new AppError(status, CODE_BY_STATUS[status], message, { file: message });
}
