import { ROUTES } from '@careers/contracts';
import type { Database } from '../../db/database';
import { formRequestedNotification, offerExtendedNotification, stageChangedNotification } from '../../modules/notifications/notification-messages';
import { createNotification } from '../../modules/notifications/notifications.producer';
import type { Tenant } from '../../modules/tenants/tenants.service';
import { DEMO_OFFERS } from './demo-offers';
import { ACME_DOMAIN } from './demo-tenants';

const DAY_MS = 86_400_000;

/**
 * Issue 12 "Data": the demo offers' "offer extended" notifications (the same producer the offers module
 * calls), clicked for the offers already settled, plus two application updates for Ada and one "form requested" per demo form request — so Ada has both
 * types, clicked and not, viewed and not. No emails: the demo's outbox starts empty.
 */
export async function seedNotifications(database: Database, options: { tenantsByDomain: ReadonlyMap<string, Tenant>; referenceDate: Date }): Promise<number> {
  const at = (day: number) => new Date(options.referenceDate.getTime() + day * DAY_MS);
  let count = 0;
  await database.db.transaction().execute(async (trx) => {
    const ownerOf = async (domain: string, email: string) => {
      const tenant = options.tenantsByDomain.get(domain);
      const candidate = tenant ? await trx.selectFrom('candidates').select('id').where('tenantId', '=', tenant.id).where('email', '=', email).executeTakeFirst() : undefined;
      if (!tenant || !candidate) throw new Error(`Demo notification for ${email} at ${domain}: no such candidate`);
      return { tenantId: tenant.id, candidateId: candidate.id };
    };
    const settle = (id: string, state: { viewed: boolean; clicked: boolean }) =>
      trx.updateTable('notifications').set({ isViewed: state.viewed ? 1 : 0, isClicked: state.clicked ? 1 : 0 }).where('id', '=', id).execute();

    for (const offer of DEMO_OFFERS) {
      const owner = await ownerOf(offer.domain, offer.email);
      const { id } = await createNotification(trx, { ...offerExtendedNotification({ ...owner, at: at(offer.createdDay) }, offer), email: false });
      count += 1;
      // Settled offers were opened long ago; the newest (a day old) stay unviewed.
      if (offer.outcome.kind !== 'open') await settle(id, { viewed: true, clicked: true });
      else if (offer.createdDay < -1) await settle(id, { viewed: true, clicked: false });
    }

    const ada = await ownerOf(ACME_DOMAIN, 'ada@acme.example');
    const interview = await createNotification(trx, {
      ...stageChangedNotification({ ...ada, at: at(-5) }, { positionName: 'Senior Robotics Engineer', stage: 'Interview' }),
      email: false,
    });
    await settle(interview.id, { viewed: true, clicked: true });
    await createNotification(trx, {
      ...stageChangedNotification({ ...ada, at: at(-1) }, { positionName: 'Controls Engineer', stage: 'Phone screen' }),
      email: false,
    });
    count += 2;

    // The demo's form requests, told as the employer API tells a new one (formRequestedNotification); a
    // completed form's notice was long since opened.
    const requests = await trx.selectFrom('formRequests').select(['tenantId', 'candidateId', 'title', 'status', 'createdAt']).orderBy('id').execute();
    for (const request of requests) {
      const owner = { tenantId: request.tenantId, candidateId: request.candidateId, at: new Date(request.createdAt) };
      const { id } = await createNotification(trx, { ...formRequestedNotification(owner, { title: request.title, redirectUrl: ROUTES.formsCenter }), email: false });
      if (request.status === 'completed') await settle(id, { viewed: true, clicked: true });
      count += 1;
    }
  });
  return count;
}
