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

/**
 * The profile summary search matching reads today (candidate_profiles: title and skills). The profile work of
 * issue 11 contributes its own sections (its tables) beside this one.
 */
export const candidateProfilePersonalData: PersonalDataContributor = {
  section: 'matchProfile',
  async exportData(db, owner) {
    const row = await db
      .selectFrom('candidateProfiles')
      .select(['title', 'skills', 'updatedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    return { data: row ? { ...row, skills: JSON.parse(row.skills) as unknown } : null };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'candidateProfiles', owner),
};
