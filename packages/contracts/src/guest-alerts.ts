import { z } from 'zod';
import { EmailAddressSchema } from './auth';
import { SavedSearchCreateBodySchema } from './saved-searches';

/** Issue 12: at most this many pending and confirmed guest alerts per email address per tenant. */
export const GUEST_ALERTS_PER_EMAIL = 5;
/** Days a guest alert waits for its confirmation before it expires. */
export const GUEST_ALERT_CONFIRM_DAYS = 7;

export const GuestAlertMessages = {
  consent: 'Agree to the privacy notice to get job alerts',
  disabled: 'Job alerts are not available on this site',
  invalidToken: 'This confirmation link is not valid or has expired.',
} as const;

/**
 * POST /api/pcsx/guest_alerts (signed out; spec §3 loggedOutNotificationConfig): job alerts for the current
 * search with just an email. Answers 202 `{ ok: true }` whatever the address already has (double opt-in).
 */
export const GuestAlertSubscribeBodySchema = z.object({
  domain: z.string().max(253).optional(),
  email: EmailAddressSchema,
  search: SavedSearchCreateBodySchema.shape.search,
  consent: z.literal(true, { error: GuestAlertMessages.consent }),
  /** The page's language: the emails are written in it. */
  locale: z.string().max(35).optional(),
});
export type GuestAlertSubscribeBody = z.input<typeof GuestAlertSubscribeBodySchema>;

/** POST /api/pcsx/guest_alerts/confirm: the token from the confirmation email. */
export const GuestAlertConfirmBodySchema = z.object({
  domain: z.string().max(253).optional(),
  token: z.string().min(1).max(200),
});

export const GuestAlertAnswerSchema = z.object({ ok: z.literal(true) });
export type GuestAlertAnswer = z.infer<typeof GuestAlertAnswerSchema>;
