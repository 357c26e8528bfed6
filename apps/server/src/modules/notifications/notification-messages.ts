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
