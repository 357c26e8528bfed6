import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { affectedRows, type DataOwner, type PersonalDataContributor } from '../../kernel/personal-data';

/** The candidate's outbox rows: linked to the account, or addressed to its email (a reset asked for while signed out). */
function toOwner(owner: DataOwner) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'emailOutbox'>) => eb.or([eb('candidateId', '=', owner.candidateId), eb('toAddress', '=', owner.email)]);
}

/** Issue 11: emails sent (or waiting to be sent) to the candidate; deleting removes them, sent or not. */
export const emailOutboxPersonalData: PersonalDataContributor = {
  section: 'emails',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('emailOutbox')
      .select(['id', 'toAddress', 'template', 'params', 'language', 'status', 'createdAt', 'sentAt'])
      .where('tenantId', '=', owner.tenantId)
      .where(toOwner(owner))
      .orderBy('createdAt')
      .execute();
    return {
      data: rows.map(({ params, ...row }) => {
        // A password-reset email's params hold its token: a live credential has no place in an archive.
        const { token: _token, ...safe } = JSON.parse(params) as Record<string, unknown>;
        return { ...row, params: safe };
      }),
    };
  },
  async erase(trx, owner) {
    const result = await trx.deleteFrom('emailOutbox').where('tenantId', '=', owner.tenantId).where(toOwner(owner)).executeTakeFirst();
    return { removed: affectedRows(result), kept: 0 };
  },
};
