import type { Kysely, Selectable } from 'kysely';
import type { CandidateResumesTable, DatabaseSchema } from '../../db/schema';

/** The candidate's current resume and its file; every query by tenant AND candidate (T01). */

export type ResumeRow = Selectable<CandidateResumesTable>;

export interface StoredResumeFile {
  fileName: string;
  fileType: string;
  size: number;
  sha256: string;
  bytes: Uint8Array;
}

export interface NewResume {
  file: { id: string; tenantId: string; candidateId: string; fileType: string; size: number; sha256: string; bytes: Uint8Array; createdAt: string };
  resume: ResumeRow;
}

export interface ResumeRepository {
  findCurrent(tenantId: string, candidateId: string): Promise<ResumeRow | null>;
  readFile(tenantId: string, candidateId: string): Promise<StoredResumeFile | null>;
  /** Stores the file and makes it the current resume; the previous file goes unless an application kept it. */
  replace(input: NewResume): Promise<void>;
  /** Every skill of the tenant's positions (for the parser to match against). */
  tenantSkills(tenantId: string): Promise<string[]>;
}

export function createResumeRepository(db: Kysely<DatabaseSchema>): ResumeRepository {
  return {
    async findCurrent(tenantId, candidateId) {
      return (await db.selectFrom('candidateResumes').selectAll().where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).executeTakeFirst()) ?? null;
    },

    async readFile(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidateResumes as resume')
        .innerJoin('uploadedFiles as file', (join) => join.onRef('file.id', '=', 'resume.fileId').onRef('file.tenantId', '=', 'resume.tenantId'))
        .select(['resume.fileName', 'file.fileType', 'file.size', 'file.sha256', 'file.bytes'])
        .where('resume.tenantId', '=', tenantId)
        .where('resume.candidateId', '=', candidateId)
        .where('file.candidateId', '=', candidateId)
        .executeTakeFirst();
      return row ? { ...row, bytes: new Uint8Array(row.bytes) } : null;
    },

    async replace({ file, resume }) {
      const previous = await db
        .selectFrom('candidateResumes')
        .select('fileId')
        .where('tenantId', '=', resume.tenantId)
        .where('candidateId', '=', resume.candidateId)
        .executeTakeFirst();
      await db.insertInto('uploadedFiles').values(file).execute();
      if (previous) {
        await db.deleteFrom('candidateResumes').where('tenantId', '=', resume.tenantId).where('candidateId', '=', resume.candidateId).execute();
      }
      await db.insertInto('candidateResumes').values(resume).execute();
      if (previous) {
        const linked = await db.selectFrom('applicationFiles').select('fileId').where('fileId', '=', previous.fileId).where('tenantId', '=', resume.tenantId).executeTakeFirst();
        if (!linked) {
          await db.deleteFrom('uploadedFiles').where('id', '=', previous.fileId).where('tenantId', '=', resume.tenantId).where('candidateId', '=', resume.candidateId).execute();
        }
      }
    },

    async tenantSkills(tenantId) {
      const rows = await db.selectFrom('positions').select('skills').distinct().where('tenantId', '=', tenantId).execute();
      const skills = new Set<string>();
      for (const row of rows) {
        try {
          const parsed: unknown = JSON.parse(row.skills);
          if (Array.isArray(parsed)) for (const skill of parsed) if (typeof skill === 'string' && skill.trim() !== '') skills.add(skill.trim());
        } catch {
          // A position's skills are written by our own import; unreadable ones simply add nothing.
        }
      }
      return [...skills];
    },
  };
}
