import { removeOwnedRows, type PersonalDataContributor } from '../../kernel/personal-data';

const LIST_COLUMNS = ['skills', 'links', 'workExperience', 'education', 'languages', 'certifications'] as const;

/** Issue 11: the candidate's profile (candidate_profiles: headline, contact, every section); names live on the account. */
export const profilePersonalData: PersonalDataContributor = {
  section: 'profile',
  async exportData(db, owner) {
    const row = await db
      .selectFrom('candidateProfiles')
      .select(['headline', 'phone', 'summary', 'updatedAt', ...LIST_COLUMNS])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    if (!row) return { data: null };
    const lists = Object.fromEntries(LIST_COLUMNS.map((column) => [column, JSON.parse(row[column]) as unknown]));
    return { data: { ...row, ...lists } };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'candidateProfiles', owner),
};
