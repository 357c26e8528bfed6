import { affectedRows, type PersonalDataContributor } from '../../kernel/personal-data';

/**
 * Issue 12: job alerts a visitor subscribed to with the same email, signed out, before or beside the account.
 * Keyed by address (no account links them): the export lists them (never the token hash), deletion removes them.
 */
export const guestAlertsPersonalData: PersonalDataContributor = {
  section: 'guestAlerts',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('guestAlerts')
      .select(['id', 'email', 'search', 'locale', 'status', 'createdAt', 'confirmedAt', 'unsubscribedAt', 'lastAlertOn'])
      .where('tenantId', '=', owner.tenantId)
      .where('email', '=', owner.email)
      .orderBy('createdAt')
      .execute();
    return { data: rows };
  },
  async erase(trx, owner) {
    const result = await trx.deleteFrom('guestAlerts').where('tenantId', '=', owner.tenantId).where('email', '=', owner.email).executeTakeFirst();
    return { removed: affectedRows(result), kept: 0 };
  },
};
