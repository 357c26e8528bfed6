import { dateTimeFormat } from '../../lib/intl';

/** "Tue, Dec 1" and "9:30 – 10:15 AM GMT": a meeting's day and its span, in `timeZone`, through Intl. */
export function formatMeeting(startsAt: string, endsAt: string, locale: string, timeZone: string): { day: string; time: string } {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = dateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(start);
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).formatRange(start, end);
  return { day, time };
}

/** The zone's name as the locale says it ("Central European Standard Time"), for the list's heading. */
export function timeZoneLabel(locale: string, timeZone: string, at: Date = new Date()): string {
  const part = dateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((piece) => piece.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The month and day for a calendar-page badge ("DEC", "1"), in `timeZone`. */
export function calendarBadge(iso: string, locale: string, timeZone: string): { month: string; day: string } {
  const date = new Date(iso);
  return {
    month: dateTimeFormat(locale, { month: 'short', timeZone }).format(date),
    day: dateTimeFormat(locale, { day: 'numeric', timeZone }).format(date),
  };
}
