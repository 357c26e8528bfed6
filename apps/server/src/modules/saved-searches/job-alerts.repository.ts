import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { enqueueEmail, type NewEmail } from '../email/email-outbox';
import { createNotification, type NewNotification } from '../notifications/notifications.producer';
import type { GuestAlertRow } from './guest-alerts.repository';
import type { SavedSearchRow } from './saved-searches.repository';

/** What the job-alert sweep reads and writes (saved_searches across candidates, positions by time). */
export interface JobAlertsRepository {
  /** Tenants with at least one saved search whose alerts are on. */
  tenantsWithAlerts(): Promise<string[]>;
  /** The tenant's saved searches with alerts on. */
  alertSearches(tenantId: string): Promise<SavedSearchRow[]>;
  /** Open positions written in (after, until]: ids and when. */
  changedPositions(tenantId: string, after: string, until: string): Promise<{ id: number; updatedAt: string }[]>;
  /** Moves these searches' watermark forward to `until` (never back). */
  advance(tenantId: string, ids: readonly string[], until: string): Promise<void>;
  /**
   * The daily claim, in one transaction with its notification: sets last_alert_on to `day` and the watermark
   * to `until` only if no alert went out that day (whichever process gets there first), then creates the
   * notification (and its email). False: another process (or an earlier run) alerted today.
   */
  claimAndNotify(search: SavedSearchRow, day: string, until: string, notification: NewNotification): Promise<boolean>;
  /** Tenants with at least one confirmed guest alert (issue 12, signed-out visitors). */
  tenantsWithGuestAlerts(): Promise<string[]>;
  /** The tenant's confirmed guest alerts. */
  guestAlerts(tenantId: string): Promise<GuestAlertRow[]>;
  advanceGuests(tenantId: string, ids: readonly string[], until: string): Promise<void>;
  /** Deletes guest alerts still pending that were created before `before` (expired: never confirmed). */
  purgeExpiredGuests(before: string): Promise<number>;
  /** As claimAndNotify, for a confirmed guest alert: the claim and its email (no notification: no account). */
  claimAndEmail(alert: GuestAlertRow, day: string, until: string, email: NewEmail): Promise<boolean>;
}

export function createJobAlertsRepository(database: Database): JobAlertsRepository {
  const { db } = database;
  return {
    async tenantsWithAlerts() {
      const rows = await db.selectFrom('savedSearches').select('tenantId').distinct().where('alertsEnabled', '=', 1).execute();
      return rows.map((row) => row.tenantId);
    },

    alertSearches: (tenantId) =>
      db.selectFrom('savedSearches').selectAll().where('tenantId', '=', tenantId).where('alertsEnabled', '=', 1).orderBy('id').execute(),

    changedPositions: (tenantId, after, until) =>
      db
        .selectFrom('positions')
        .select(['id', 'updatedAt'])
        .where('tenantId', '=', tenantId)
        .where('archivedAt', 'is', null)
        .where('updatedAt', '>', after)
        .where('updatedAt', '<=', until)
        .execute(),

    async advance(tenantId, ids, until) {
      // In slices: a parameter list has its limits (SQLite's 32,766).
      for (let start = 0; start < ids.length; start += 500) {
        await db
          .updateTable('savedSearches')
          .set({ checkedThrough: until })
          .where('tenantId', '=', tenantId)
          .where('id', 'in', ids.slice(start, start + 500))
          .where('checkedThrough', '<', until)
          .execute();
      }
    },

    claimAndNotify(search, day, until, notification) {
      return db.transaction().execute(async (trx: Kysely<DatabaseSchema>) => {
        const claimed = await trx
          .updateTable('savedSearches')
          .set({ lastAlertOn: day, checkedThrough: until })
          .where('tenantId', '=', search.tenantId)
          .where('id', '=', search.id)
          .where('alertsEnabled', '=', 1)
          .where((eb) => eb.or([eb('lastAlertOn', 'is', null), eb('lastAlertOn', '<', day)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        await createNotification(trx, notification);
        return true;
      });
    },

    async tenantsWithGuestAlerts() {
      const rows = await db.selectFrom('guestAlerts').select('tenantId').distinct().where('status', '=', 'confirmed').execute();
      return rows.map((row) => row.tenantId);
    },

    guestAlerts: (tenantId) => db.selectFrom('guestAlerts').selectAll().where('tenantId', '=', tenantId).where('status', '=', 'confirmed').orderBy('id').execute(),

    async purgeExpiredGuests(before) {
      const result = await db.deleteFrom('guestAlerts').where('status', '=', 'pending').where('createdAt', '<=', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async advanceGuests(tenantId, ids, until) {
      for (let start = 0; start < ids.length; start += 500) {
        await db
          .updateTable('guestAlerts')
          .set({ checkedThrough: until })
          .where('tenantId', '=', tenantId)
          .where('id', 'in', ids.slice(start, start + 500))
          .where('checkedThrough', '<', until)
          .execute();
      }
    },

    claimAndEmail(alert, day, until, email) {
      return db.transaction().execute(async (trx: Kysely<DatabaseSchema>) => {
        const claimed = await trx
          .updateTable('guestAlerts')
          .set({ lastAlertOn: day, checkedThrough: until })
          .where('tenantId', '=', alert.tenantId)
          .where('id', '=', alert.id)
          .where('status', '=', 'confirmed')
          .where((eb) => eb.or([eb('lastAlertOn', 'is', null), eb('lastAlertOn', '<', day)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        await enqueueEmail(trx, email);
        return true;
      });
    },
  };
}
