import { deletedAccountEmail } from '../auth/account.personal-data';
import { affectedRows, archiveFileName, removeOwnedRows, type ExportFile, type PersonalDataContributor } from '../../kernel/personal-data';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Issue 11: applications with their answers, stage history and files (bytes as stored).
 *
 * Deleting keeps each application as an anonymised hiring record — job, stage, dates and stage history, what
 * a company must be able to show about its hiring decisions (e.g. US EEOC: 1 year; UK/EU: for the period of a
 * possible claim) — with the answers emptied, the address replaced and every file removed.
 */
export const applicationsPersonalData: PersonalDataContributor = {
  section: 'applications',
  async exportData(db, owner) {
    const applications = await db
      .selectFrom('applications')
      .select(['id', 'positionId', 'positionName', 'email', 'stage', 'answers', 'submittedAt', 'updatedAt', 'withdrawnAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('submittedAt')
      .execute();
    const ids = applications.map((application) => application.id);
    const events = ids.length
      ? await db
          .selectFrom('applicationStageEvents')
          .select(['applicationId', 'fromStage', 'toStage', 'reason', 'occurredAt'])
          .where('tenantId', '=', owner.tenantId)
          .where('applicationId', 'in', ids)
          .orderBy('occurredAt')
          .execute()
      : [];
    const links = ids.length
      ? await db
          .selectFrom('applicationFiles as link')
          .innerJoin('uploadedFiles as file', 'file.id', 'link.fileId')
          .select(['link.applicationId', 'link.fieldName', 'link.fileName', 'file.id', 'file.fileType', 'file.size', 'file.sha256', 'file.bytes'])
          .where('link.tenantId', '=', owner.tenantId)
          .where('file.tenantId', '=', owner.tenantId)
          .where('link.applicationId', 'in', ids)
          .execute()
      : [];
    const files: ExportFile[] = [];
    const stored = new Map<string, string>();
    for (const link of links) {
      let path = stored.get(link.id);
      if (!path) {
        path = `${link.id}-${archiveFileName(link.fileName)}`;
        stored.set(link.id, path);
        files.push({ path, bytes: link.bytes });
      }
    }
    return {
      data: applications.map((application) => ({
        ...application,
        answers: parseJson(application.answers),
        stageHistory: events.filter((event) => event.applicationId === application.id).map(({ applicationId: _, ...event }) => event),
        files: links
          .filter((link) => link.applicationId === application.id)
          .map((link) => ({ field: link.fieldName, fileName: link.fileName, fileType: link.fileType, size: link.size, sha256: link.sha256, archivePath: `files/applications/${stored.get(link.id) ?? ''}` })),
      })),
      files,
    };
  },
  async erase(trx, owner) {
    const ids = trx.selectFrom('applications').select('id').where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId);
    const links = await trx.deleteFrom('applicationFiles').where('tenantId', '=', owner.tenantId).where('applicationId', 'in', ids).executeTakeFirst();
    const files = await trx.deleteFrom('uploadedFiles').where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId).executeTakeFirst();
    const kept = await trx
      .updateTable('applications')
      .set({ answers: '{}', email: deletedAccountEmail(owner.candidateId) })
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    return { removed: affectedRows([links, files]), kept: affectedRows(kept) };
  },
};

/** Autosaved drafts: exported, and removed with the account. */
export const draftsPersonalData: PersonalDataContributor = {
  section: 'drafts',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('draftApplications')
      .select(['positionId', 'valuesJson', 'updatedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('updatedAt')
      .execute();
    return { data: rows.map(({ valuesJson, ...row }) => ({ ...row, values: parseJson(valuesJson) })) };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'draftApplications', owner),
};

/** Forms the company asked for, with the candidate's answers: exported, and removed with the account. */
export const formRequestsPersonalData: PersonalDataContributor = {
  section: 'formRequests',
  async exportData(db, owner) {
    const rows = await db
      .selectFrom('formRequests')
      .select(['id', 'title', 'status', 'valuesJson', 'dueAt', 'createdAt', 'updatedAt', 'completedAt'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    return { data: rows.map(({ valuesJson, ...row }) => ({ ...row, answers: parseJson(valuesJson) })) };
  },
  erase: (trx, owner) => removeOwnedRows(trx, 'formRequests', owner),
};
