import { z } from 'zod';
import { NotificationBootDataSchema } from './user';

/** spec §9 "Notification types". */
export const NOTIFICATION_TYPES = ['read_only', 'action_required'] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** The newest this many come back from a list call (our limit; the panel shows a short list). */
export const NOTIFICATIONS_LIST_LIMIT = 50;

/**
 * T12: a notification links only within the site — a path starting with one "/", no scheme, no host, no
 * backslash (browsers read "/\\evil" as "//evil"), no control characters.
 */
export const NotificationRedirectUrlSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\\\s]*$/, 'A notification links to a path on this site')
  .refine((url) => ![...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f), 'A notification links to a path on this site');

/** spec §3 "Notification" (plus isViewed, which the badge counts). */
export const NotificationSchema = z.object({
  id: z.string(),
  categoryTitle: z.string(),
  message: z.string(),
  createdAt: z.string(),
  isClicked: z.boolean(),
  isViewed: z.boolean(),
  redirectUrl: NotificationRedirectUrlSchema,
  notificationType: NotificationTypeSchema,
  /** The message's key and params, for showing it in the candidate's language. */
  messageKey: z.string(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** spec §7 GET /api/pcsx/notifications: query domain, optional type_filter=action_required. */
export const NotificationsQuerySchema = z.object({
  domain: z.string().max(253).optional(),
  type_filter: z.literal('action_required').optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationsResponseSchema = z.object({ data: z.array(NotificationSchema) });
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** spec §7 GET /api/pcsx/notification_badge returns data.count (unviewed). */
export const NotificationBadgeResponseSchema = z.object({ data: z.object({ count: z.number().int().min(0) }) });
export type NotificationBadgeResponse = z.infer<typeof NotificationBadgeResponseSchema>;

/** spec §7: the mark calls send body domain. */
export const NotificationMarkBodySchema = z.object({ domain: z.string().max(253).optional() }).optional();

export const NotificationMarkClickedResponseSchema = z.object({ data: NotificationSchema });

export const NotificationsBootDataResponseSchema = z.object({ data: NotificationBootDataSchema });
export type NotificationsBootDataResponse = z.infer<typeof NotificationsBootDataResponseSchema>;

/** The SSE stream's events (GET /api/pcsx/notifications/stream). */
export const NOTIFICATION_STREAM_EVENTS = { badge: 'badge', notification: 'notification' } as const;
export const NotificationStreamBadgeSchema = z.object({ count: z.number().int().min(0) });
