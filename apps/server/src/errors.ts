import { ErrorCode, Messages } from '@careers/contracts';

/**
 * Failures a service may raise on purpose. Each carries its HTTP status, the contracts error code and
 * the user-facing message; the error handler turns it into `{ error: { code, message, fields? } }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly headers: Record<string, string> = {};

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = Messages.problemWithRequest) {
    super(400, ErrorCode.badRequest, message);
  }
}

export class InvalidJsonError extends AppError {
  constructor() {
    super(400, ErrorCode.badRequest, Messages.invalidJson);
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message: string = Messages.problemWithRequest) {
    super(400, ErrorCode.validation, message, fields);
  }
}

/** The body was well formed but its content cannot be applied (spec §8 "Profile edit": 422), per field. */
export class UnprocessableError extends AppError {
  constructor(fields: Record<string, string>, message: string = Messages.invalidRequestReceived) {
    super(422, ErrorCode.validation, message, fields);
  }
}

export class UnauthenticatedError extends AppError {
  constructor() {
    super(401, ErrorCode.unauthenticated, Messages.sessionTimedOut);
    // spec §8 HTTP helpers: "header x-login: session timed out alert".
    this.headers['x-login'] = '1';
  }
}

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, ErrorCode.invalidCredentials, Messages.invalidCredentials);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = Messages.noPermission, code: ErrorCode = ErrorCode.forbidden) {
    super(403, code, message);
  }
}

export class CsrfInvalidError extends AppError {
  constructor() {
    super(403, ErrorCode.csrfInvalid, Messages.invalidCsrf);
    // spec §8 HTTP helpers: "x-csrf-invalid: a CSRF alert".
    this.headers['x-csrf-invalid'] = '1';
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = Messages.notFound, code: ErrorCode = ErrorCode.notFound) {
    super(404, code, message);
  }
}

export class TenantNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.tenantNotFound, ErrorCode.tenantNotFound);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = ErrorCode.conflict) {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, ErrorCode.payloadTooLarge, Messages.payloadTooLarge);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, ErrorCode.unsupportedMediaType, Messages.problemWithRequest);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCode.rateLimited, Messages.rateLimited);
    this.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds = 5) {
    super(503, ErrorCode.unavailable, Messages.unavailable);
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

/** Employer API (issue 10): no key, or one that is malformed, unknown or revoked. RFC 6750 challenge. */
export class ApiKeyRequiredError extends AppError {
  constructor() {
    super(401, ErrorCode.unauthenticated, 'A valid API key is required: send "Authorization: Bearer <key>".');
    this.headers['www-authenticate'] = 'Bearer realm="careers-admin-api"';
  }
}
