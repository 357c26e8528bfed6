/**
 * Issue 13: a stored notification (its `messageKey` and params, spec §3) shown in the reader's language — by
 * the web's notification list and by the server's notification email alike. No catalogue here: each side
 * looks the keys up in its own `notifications` namespace (packages/i18n/locales/<locale>/notifications.json).
 */

/** The title of each notification message, by the message's name (`notifications.messages.<name>`). */
export const NOTIFICATION_TITLE_KEYS = {
  offerExtended: 'titles.offerExtended',
  stageChanged: 'titles.stageChanged',
  formRequested: 'titles.formRequested',
  interviewScheduled: 'titles.interviewScheduled',
  interviewRescheduled: 'titles.interviewRescheduled',
  interviewCanceled: 'titles.interviewCanceled',
  eventRegistered: 'titles.eventRegistered',
  jobAlert: 'titles.jobAlert',
} as const;

const MESSAGE_PREFIX = 'notifications.messages.';

/**
 * The keys (inside the `notifications` namespace) of a stored `messageKey` such as
 * `notifications.messages.stageChanged`, or null for a key this version does not know (its stored English
 * text is shown then).
 */
export function notificationKeys(messageKey: string): { message: string; title: string } | null {
  if (!messageKey.startsWith(MESSAGE_PREFIX)) return null;
  const name = messageKey.slice(MESSAGE_PREFIX.length);
  if (!Object.hasOwn(NOTIFICATION_TITLE_KEYS, name)) return null;
  return { message: `messages.${name}`, title: NOTIFICATION_TITLE_KEYS[name as keyof typeof NOTIFICATION_TITLE_KEYS] };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 instant with its offset (`2026-12-01T09:30:00.000Z`), as the server stores times in params. */
export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

const INSTANT_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

/** A date and time in `locale`, in `timeZone` (the runtime's own when absent or unknown), naming the zone. */
export function formatInstant(iso: string, locale: string, timeZone?: string | null): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { ...INSTANT_FORMAT, ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, INSTANT_FORMAT).format(date);
  }
}

/**
 * A notification's params ready for its text in `locale`: every ISO instant formatted through Intl in that
 * locale and `timeZone`. Rows stored before this carried `{when}` as English text (en-GB, in the event's zone)
 * with the instant beside it as `startsAt`; `{when}` is made from `startsAt` whenever there is one.
 */
export function localizeNotificationParams(
  params: Readonly<Record<string, string | number>>,
  locale: string,
  timeZone?: string | null,
): Record<string, string | number> {
  const localized: Record<string, string | number> = { ...params };
  if (isIsoInstant(params.startsAt)) localized.when = params.startsAt;
  for (const [name, value] of Object.entries(localized)) {
    if (isIsoInstant(value)) localized[name] = formatInstant(value, locale, timeZone);
  }
  return localized;
}
