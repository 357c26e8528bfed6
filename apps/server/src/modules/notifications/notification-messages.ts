import type { NewNotification } from './notifications.producer';

/**
 * The notifications each event makes, in one place so every path that makes the event (the candidate's own
 * action, the employer API, the command line, the seed) says the same thing. English text plus a key of
 * packages/i18n/locales/<lang>/notifications.json (namespace "notifications", key after the first dot) and its
 * params; the English there must read as the text here.
 */
type Owner = Pick<NewNotification, 'tenantId' | 'candidateId' | 'at'>;

/** An offer was extended: the candidate must act (spec §9 action_required); links to the offer (spec §2). */
export function offerExtendedNotification(owner: Owner, offer: { id: string; positionName: string }): NewNotification {
  return {
    ...owner,
    notificationType: 'action_required',
    categoryTitle: 'Offer',
    message: `You have an offer for ${offer.positionName}. Review and respond.`,
    messageKey: 'notifications.messages.offerExtended',
    messageParams: { positionName: offer.positionName },
    redirectUrl: `/careers/offer/${encodeURIComponent(offer.id)}`,
  };
}

/** An application moved to another stage (read_only); links to the dashboard. */
export function stageChangedNotification(owner: Owner, application: { positionName: string; stage: string }): NewNotification {
  return {
    ...owner,
    notificationType: 'read_only',
    categoryTitle: 'Application update',
    message: `Your application for ${application.positionName} moved to ${application.stage}.`,
    messageKey: 'notifications.messages.stageChanged',
    messageParams: { positionName: application.positionName, stage: application.stage },
    redirectUrl: '/careers/dashboard',
  };
}

/** The company asked for a form (action_required); links to the form. */
export function formRequestedNotification(owner: Owner, form: { title: string; redirectUrl: string }): NewNotification {
  return {
    ...owner,
    notificationType: 'action_required',
    categoryTitle: 'Form requested',
    message: `Please complete “${form.title}”.`,
    messageKey: 'notifications.messages.formRequested',
    messageParams: { title: form.title },
    redirectUrl: form.redirectUrl,
  };
}

/**
 * When an interview is, in English, in the interview's own time zone: "Tue, 1 Dec 2026, 09:30 GMT" — for the
 * stored English text only; readers in any language format `startsAt` themselves (@careers/i18n/notification-text).
 */
export function interviewWhen(startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(startsAt));
}

/** The dashboard's interviews tab, where each interview offers its calendar file. */
export const INTERVIEWS_TAB_PATH = '/careers/dashboard?tab=interviews';

type InterviewChange = 'scheduled' | 'rescheduled' | 'canceled';
const INTERVIEW_MESSAGES: Record<InterviewChange, { title: string; key: string; text: (subject: string, when: string) => string }> = {
  scheduled: { title: 'Interview scheduled', key: 'interviewScheduled', text: (subject, when) => `Your interview for ${subject} is on ${when}.` },
  rescheduled: { title: 'Interview rescheduled', key: 'interviewRescheduled', text: (subject, when) => `Your interview for ${subject} moved to ${when}.` },
  canceled: { title: 'Interview canceled', key: 'interviewCanceled', text: (subject, when) => `Your interview for ${subject} on ${when} was canceled.` },
};

/**
 * An interview was scheduled, moved or canceled (read_only); links to the dashboard's interviews tab. The time
 * is in the interview's zone; startsAt and timeZone go with the params so a translation can format its own.
 */
export function interviewNotification(
  owner: Owner,
  change: InterviewChange,
  interview: { positionName: string | null; startsAt: string; timeZone: string },
): NewNotification {
  const message = INTERVIEW_MESSAGES[change];
  const subject = interview.positionName ?? 'your application';
  const when = interviewWhen(interview.startsAt, interview.timeZone);
  return {
    ...owner,
    notificationType: 'read_only',
    categoryTitle: message.title,
    message: message.text(subject, when),
    messageKey: `notifications.messages.${message.key}`,
    messageParams: { positionName: subject, when, startsAt: interview.startsAt, timeZone: interview.timeZone },
    redirectUrl: INTERVIEWS_TAB_PATH,
  };
}

/** The company registered the candidate for one of its events (read_only); links to the dashboard's events tab. */
export function eventRegisteredNotification(owner: Owner, event: { title: string; startsAt: string; timeZone: string }): NewNotification {
  const when = interviewWhen(event.startsAt, event.timeZone);
  return {
    ...owner,
    notificationType: 'read_only',
    categoryTitle: 'Event',
    message: `You are registered for ${event.title} on ${when}.`,
    messageKey: 'notifications.messages.eventRegistered',
    messageParams: { title: event.title, when, startsAt: event.startsAt, timeZone: event.timeZone },
    redirectUrl: '/careers/dashboard?tab=events',
  };
}

/** New or changed jobs match a saved search (read_only); links to the search page running it (issue 12). */
export function jobAlertNotification(owner: Owner, alert: { name: string; count: number; redirectUrl: string }): NewNotification {
  return {
    ...owner,
    notificationType: 'read_only',
    categoryTitle: 'Job alert',
    message: alert.count === 1 ? `1 new job matches “${alert.name}”.` : `${alert.count} new jobs match “${alert.name}”.`,
    messageKey: 'notifications.messages.jobAlert',
    messageParams: { name: alert.name, count: alert.count },
    redirectUrl: alert.redirectUrl,
  };
}
