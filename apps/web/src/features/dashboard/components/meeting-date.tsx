import { calendarBadge } from '../dashboard-time';

/** A calendar-page badge (month over day) beside an interview or an event; decorative, the text says the date. */
export function MeetingDate({ iso, locale, timeZone }: { iso: string; locale: string; timeZone: string }) {
  const { month, day } = calendarBadge(iso, locale, timeZone);
  return (
    <span className="meeting-date" aria-hidden="true">
      <span className="meeting-date__month">{month}</span>
      <span className="meeting-date__day">{day}</span>
    </span>
  );
}
