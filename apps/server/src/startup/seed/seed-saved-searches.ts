import { canonicalSearchParams, savedSearchPath } from '@careers/contracts';
import type { Database } from '../../db/database';
import { jobAlertNotification } from '../../modules/notifications/notification-messages';
import { createNotification } from '../../modules/notifications/notifications.producer';
import type { Tenant } from '../../modules/tenants/tenants.service';
import { ACME_DOMAIN } from './demo-tenants';

const DAY_MS = 86_400_000;

/**
 * Issue 12 "Data": Ada's saved search with job alerts on ("Robotics in Boston"), checked through the seed's
 * date so the demo's own positions do not alert, and the job alert it sent two days ago (read, not opened).
 */
export async function seedSavedSearches(database: Database, options: { tenantsByDomain: ReadonlyMap<string, Tenant>; referenceDate: Date }): Promise<void> {
  const tenant = options.tenantsByDomain.get(ACME_DOMAIN);
  if (!tenant) throw new Error(`Demo saved search: no tenant ${ACME_DOMAIN}`);
  const at = (day: number) => new Date(options.referenceDate.getTime() + day * DAY_MS).toISOString();
  await database.db.transaction().execute(async (trx) => {
    const ada = await trx.selectFrom('candidates').select('id').where('tenantId', '=', tenant.id).where('email', '=', 'ada@acme.example').executeTakeFirstOrThrow();
    const search = canonicalSearchParams({ query: 'robotics', location: 'Boston', filters: {}, latlong: null, bounds: null });
    const name = 'Robotics in Boston';
    await trx
      .insertInto('savedSearches')
      .values({
        id: 'saved-search-ada-robotics',
        tenantId: tenant.id,
        candidateId: ada.id,
        name,
        search,
        alertsEnabled: 1,
        createdAt: at(-10),
        updatedAt: at(-10),
        checkedThrough: options.referenceDate.toISOString(),
        lastAlertOn: at(-2).slice(0, 10),
      })
      .execute();
    const { id } = await createNotification(trx, {
      ...jobAlertNotification({ tenantId: tenant.id, candidateId: ada.id, at: new Date(at(-2)) }, { name, count: 3, redirectUrl: savedSearchPath(search) }),
      email: false,
    });
    await trx.updateTable('notifications').set({ isViewed: 1 }).where('id', '=', id).execute();
  });
}
