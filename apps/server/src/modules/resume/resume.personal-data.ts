import { affectedRows, archiveFileName, type PersonalDataContributor } from '../../kernel/personal-data';

/**
 * Issue 11: the current resume (its file as uploaded, and what the parser found). Erased before the applications
 * step: a resume file that an application also links is left to that step (the company's copy of the application).
 */
export const resumePersonalData: PersonalDataContributor = {
  section: 'resume',
  async exportData(db, owner) {
    const row = await db
      .selectFrom('candidateResumes as resume')
      .innerJoin('uploadedFiles as file', (join) => join.onRef('file.id', '=', 'resume.fileId').onRef('file.tenantId', '=', 'resume.tenantId'))
      .select(['resume.fileName', 'resume.fileType', 'resume.size', 'resume.uploadedAt', 'resume.parsed', 'file.sha256', 'file.bytes'])
      .where('resume.tenantId', '=', owner.tenantId)
      .where('resume.candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    if (!row) return { data: null };
    const path = archiveFileName(row.fileName);
    return {
      data: { fileName: row.fileName, fileType: row.fileType, size: row.size, sha256: row.sha256, uploadedAt: row.uploadedAt, parsed: JSON.parse(row.parsed) as unknown, file: `files/resume/${path}` },
      files: [{ path, bytes: new Uint8Array(row.bytes) }],
    };
  },
  async erase(trx, owner) {
    const current = await trx
      .selectFrom('candidateResumes')
      .select('fileId')
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirst();
    if (!current) return { removed: 0, kept: 0 };
    const removedRows = affectedRows(
      await trx.deleteFrom('candidateResumes').where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId).executeTakeFirst(),
    );
    const linked = await trx.selectFrom('applicationFiles').select('fileId').where('tenantId', '=', owner.tenantId).where('fileId', '=', current.fileId).executeTakeFirst();
    if (linked) return { removed: removedRows, kept: 0 };
    const removedFiles = affectedRows(
      await trx.deleteFrom('uploadedFiles').where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId).where('id', '=', current.fileId).executeTakeFirst(),
    );
    return { removed: removedRows + removedFiles, kept: 0 };
  },
};
