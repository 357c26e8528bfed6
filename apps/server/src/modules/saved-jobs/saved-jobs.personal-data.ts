import { removeOwnedRows, type PersonalDataContributor } from '../../kernel/personal-data';

/**
 * Issue 11: a candidate's list of jobs (saved jobs, the job cart: tables of one shape), each with the job's
 * title as it reads now beside its id.
 */
export function candidatePositionsPersonalData(section: string, table: 'savedPositions' | 'jobCartItems'): PersonalDataContributor {
  return {
    section,
    async exportData(db, owner) {
      const rows = await db
        .selectFrom(`${table} as item`)
        .leftJoin('positions', 'positions.id', 'item.positionId')
        .select(['item.positionId', 'positions.title', 'item.createdAt'])
        .where('item.tenantId', '=', owner.tenantId)
        .where('item.candidateId', '=', owner.candidateId)
        .orderBy('item.createdAt')
        .execute();
      return { data: rows };
    },
    erase: (trx, owner) => removeOwnedRows(trx, table, owner),
  };
}

export const savedJobsPersonalData = candidatePositionsPersonalData('savedJobs', 'savedPositions');
