import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';

/** POST /api/auth/password → 204; a wrong current password is 400 with fields.currentPassword. */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use no more than ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** One signed-in device of the candidate (GET /api/auth/sessions). Times are ISO 8601. */
export const SessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListResponseSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

/** POST /api/auth/sessions/revoke_others. */
export const RevokeOtherSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokeOtherSessionsResponse = z.infer<typeof RevokeOtherSessionsResponseSchema>;
