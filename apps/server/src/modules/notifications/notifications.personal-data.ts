import { removeOwnedRows, type PersonalDataContributor } from '../../kernel/personal-data';

/** Issue 11: in-app notifications, exported and removed with the account. */
export const notificationsPersonalData: PersonalDataContributor = {
  section: 'notifications',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'notificationType', 'categoryTitle', 'message', 'redirectUrl', 'isViewed', 'isClicked', 'createdAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    return { data: rows.map((row) => ({ ...row, isViewed: row.isViewed === 1, isClicked: row.isClicked === 1 })) };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'notifications', owner),
};
