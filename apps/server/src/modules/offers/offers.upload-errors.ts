import { ErrorCode } from '@careers/contracts';
import { AppError } from '../../errors';
import { UPLOAD_REJECTION_STATUS, type UploadRejectionCode } from './signed-upload.rules';

const CODE_BY_STATUS = {
  400: ErrorCode.badRequest,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
} as const;

/** How long a candidate whose previous upload is still being checked waits (the check's time limit). */
export const CHECK_IN_PROGRESS_RETRY_AFTER_SECONDS = 5;

/** A refused upload as an HTTP error (T07: a 4xx with a message the candidate can act on, nothing stored). */
export function rejectionError(code: UploadRejectionCode, message: string): AppError {
  const status = UPLOAD_REJECTION_STATUS[code];
  const error = new AppError(status, CODE_BY_STATUS[status], message, { file: message });
  if (status === 429) error.headers['retry-after'] = String(CHECK_IN_PROGRESS_RETRY_AFTER_SECONDS);
  return error;
}
