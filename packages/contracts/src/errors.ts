import { z } from 'zod';

/** Every API failure has this body (DESIGN.md "Errors"). `fields` maps a field name to its message. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Stable machine codes; the web maps them to translated text. */
export const ErrorCode = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  csrfInvalid: 'csrf_invalid',
  notFound: 'not_found',
  tenantNotFound: 'tenant_not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  loginDisabled: 'login_disabled',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** User-facing messages in the spec's words (spec §6, §8) or, where the spec is silent, ours. */
export const Messages = {
  rateLimited: 'Please try again in a few minutes',
  serverErrorOnGet: 'Server error. Please try again.',
  unexpected: 'Unexpected error occurred',
  problemWithRequest: 'There was a problem with the request',
  errorInApiResponse: 'Error in api response',
  invalidCsrf: 'Invalid CSRF',
  sessionTimedOut: 'Your session has timed out. Please sign in again.',
  noPermission: 'User does not have permissions to perform this action',
  invalidCredentials: 'The email or password is incorrect.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  loginDisabled: 'Candidate sign-in is not available on this site.',
  signupDisabled: 'Candidate sign-up is not available on this site.',
  notFound: 'Not found',
  tenantNotFound: 'Unknown site',
  internal: 'Internal Server Error',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  payloadTooLarge: 'The request is too large.',
  invalidJson: 'The request body is not valid JSON.',
  /** spec §8 "Profile edit": the 422 answer's message. */
  invalidRequestReceived: 'Invalid request received. Please try again',
} as const;
