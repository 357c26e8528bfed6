import { removeOwnedRows, type PersonalDataContributor } from '../../kernel/personal-data';

/** Issue 11: the interface language, time zone and in-app notification choice (the email one is the account's). */
export const preferencesPersonalData: PersonalDataContributor = {
  section: 'preferences',
  async exportData(db, owner) {
    const row = await db
      .selectFrom('candidatePreferences')
      .select(['locale', 'timeZone', 'inAppNotifications', 'updatedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    return { data: row ? { ...row, inAppNotifications: row.inAppNotifications === 1 } : null };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'candidatePreferences', owner),
};

/** Earlier "Download all my data" jobs (when, and their state); deleting removes them with their archives. */
export const dataExportsPersonalData: PersonalDataContributor = {
  section: 'dataExports',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('dataExports')
      .select(['id', 'status', 'createdAt', 'readyAt', 'expiresAt', 'archiveSize'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    return { data: rows };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'dataExports', owner),
};
