import type { Insertable, Kysely, Selectable } from 'kysely';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type {
  ApplicationFilesTable,
  ApplicationsTable,
  ApplicationStage,
  ApplicationStageEventsTable,
  DatabaseSchema,
  FormDefinitionsTable,
  UploadedFilesTable,
  FormRequestsTable,
} from '../../db/schema';
import { createNotification, type NewNotification } from '../notifications/notifications.producer';
import { storableIds } from '../positions/positions.repository';
import { findCandidateByRef, type CandidateRef } from '../auth/candidate-ref';

export type ApplicationRecord = Selectable<ApplicationsTable> & { positionArchivedAt: string | null; positionTitle: string };
export type StageEventRecord = Selectable<ApplicationStageEventsTable>;
/** A file of an application: its link (field, name) and the stored file's facts. */
export interface StoredResumeFacts {
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
  sha256: string;
  uploadedAt: string;
}

export interface FileMetadata {
  fileId: string;
  fieldName: string;
  fileName: string;
  fileType: string;
  size: number;
  sha256: string;
  createdAt: string;
}
export type ApplicationFileRecord = FileMetadata & { bytes: Uint8Array };
export type FormDefinitionRecord = Selectable<FormDefinitionsTable>;
export type FormRequestRecord = Selectable<FormRequestsTable>;

export interface PositionRecord {
  id: number;
  title: string;
  archivedAt: string | null;
  department: string;
  city: string;
  region: string;
  country: string;
  isRemote: boolean;
}

export interface DraftRecord {
  positionId: number;
  positionTitle: string;
  positionArchivedAt: string | null;
  valuesJson: string;
  updatedAt: string;
}

/** Who applied: a signed-in candidate, or a logged-out applicant known only by email. */
export type Applicant = { candidateId: string; email: string } | { candidateId: null; email: string };

export interface ApplicationFilters {
  positionId?: number;
  stage?: ApplicationStage;
  candidateId?: string;
  /** Submitted before this instant (paging newest first). */
  before?: string;
  /** Keyset paging (newest first): the rows after this one in (submittedAt desc, id desc) order. */
  after?: { submittedAt: string; id: string };
  /** Changed (stage moved, withdrawn) at or after this instant. */
  updatedSince?: string;
  limit: number;
}

/** Whom the company asks for a form: a candidate of the tenant by id or by email. */
export type { CandidateRef };

export interface ProfileRecord {
  email: string;
  firstName: string;
  lastName: string;
  location: string | null;
  title: string | null;
  skills: string | null;
}

/** applications, their files and stage events, drafts, form definitions and form requests; always by tenant. */
export interface ApplicationsRepository {
  lockCandidate(tenantId: string, candidateId: string): Promise<void>;
  findPositions(tenantId: string, ids: readonly number[]): Promise<Map<number, PositionRecord>>;
  /** The tenant's form with that key and the extra questions of those positions; tenant form first. */
  findFormDefinitions(tenantId: string, formKey: string, positionIds: readonly number[]): Promise<FormDefinitionRecord[]>;
  findFormDefinition(tenantId: string, id: string): Promise<FormDefinitionRecord | null>;
  findCandidateIdByEmail(tenantId: string, email: string): Promise<string | null>;
  findProfile(tenantId: string, candidateId: string): Promise<ProfileRecord | null>;
  /** Which of the positions the applicant has an active (not withdrawn) application to. */
  activePositionIds(tenantId: string, applicant: Applicant, positionIds: readonly number[]): Promise<number[]>;
  latestAnswers(tenantId: string, candidateId: string): Promise<{ answers: string; submittedAt: string } | null>;
  /** The candidate's current stored resume (profile upload or seed) and its file's facts; by tenant AND candidate. */
  currentResume(tenantId: string, candidateId: string): Promise<StoredResumeFacts | null>;
  insertApplication(row: Insertable<ApplicationsTable>): Promise<void>;
  insertUploadedFile(row: Insertable<UploadedFilesTable>): Promise<void>;
  /** The candidate's own stored files among `ids` (reused in a new application). */
  candidateFiles(tenantId: string, candidateId: string, ids: readonly string[]): Promise<{ id: string; fileType: string; size: number; sha256: string }[]>;
  linkFiles(rows: readonly Insertable<ApplicationFilesTable>[]): Promise<void>;
  insertStageEvent(row: Insertable<ApplicationStageEventsTable>): Promise<void>;
  listForCandidate(tenantId: string, candidateId: string): Promise<ApplicationRecord[]>;
  list(tenantId: string, filters: ApplicationFilters): Promise<ApplicationRecord[]>;
  find(tenantId: string, id: string): Promise<ApplicationRecord | null>;
  /** In a transaction: the application's row held until it ends, so two stage moves run one after another. */
  lockApplication(tenantId: string, id: string): Promise<ApplicationRecord | null>;
  updateStage(tenantId: string, id: string, stage: ApplicationStage, at: string, withdrawnAt: string | null): Promise<void>;
  stageEvents(tenantId: string, applicationIds: readonly string[]): Promise<StageEventRecord[]>;
  fileMetadata(tenantId: string, applicationId: string): Promise<FileMetadata[]>;
  fileBytes(tenantId: string, applicationId: string, fileId: string): Promise<ApplicationFileRecord | null>;
  removeFromCart(tenantId: string, candidateId: string, positionIds: readonly number[]): Promise<void>;
  upsertDrafts(tenantId: string, candidateId: string, positionIds: readonly number[], valuesJson: string, at: string): Promise<void>;
  listDrafts(tenantId: string, candidateId: string, positionIds?: readonly number[]): Promise<DraftRecord[]>;
  deleteDrafts(tenantId: string, candidateId: string, positionIds: readonly number[]): Promise<number>;
  listFormRequests(tenantId: string, candidateId: string): Promise<FormRequestRecord[]>;
  findFormRequest(tenantId: string, candidateId: string, id: string): Promise<FormRequestRecord | null>;
  /** A candidate of the tenant (by id or email, case-insensitive); null for another tenant's or nobody. */
  findCandidate(tenantId: string, ref: CandidateRef): Promise<{ id: string; email: string } | null>;
  /** The tenant's form with this key that belongs to no single job (job questions are not requested alone). */
  findFormDefinitionByKey(tenantId: string, formKey: string): Promise<FormDefinitionRecord | null>;
  insertFormRequest(row: Insertable<FormRequestsTable>): Promise<void>;
  /** Issue 12: the candidate's notification, written by this repository's connection (the event's transaction). */
  notify(notification: NewNotification): Promise<void>;
  updateFormRequest(
    tenantId: string,
    candidateId: string,
    id: string,
    change: Pick<FormRequestRecord, 'status' | 'valuesJson' | 'updatedAt' | 'completedAt'>,
  ): Promise<void>;
}

const applicationColumns = [
  'application.id',
  'application.tenantId',
  'application.candidateId',
  'application.email',
  'application.positionId',
  'application.positionName',
  'application.stage',
  'application.answers',
  'application.formDefinitionId',
  'application.submittedAt',
  'application.updatedAt',
  'application.withdrawnAt',
  'position.archivedAt as positionArchivedAt',
  'position.title as positionTitle',
] as const;

export function createApplicationsRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): ApplicationsRepository {
  const applications = () =>
    db
      .selectFrom('applications as application')
      .innerJoin('positions as position', (join) =>
        join.onRef('position.id', '=', 'application.positionId').onRef('position.tenantId', '=', 'application.tenantId'),
      )
      .select(applicationColumns);

  const files = () =>
    db
      .selectFrom('applicationFiles as link')
      .innerJoin('uploadedFiles as file', (join) => join.onRef('file.id', '=', 'link.fileId').onRef('file.tenantId', '=', 'link.tenantId'))
      .select(['link.fileId', 'link.fieldName', 'link.fileName', 'file.fileType', 'file.size', 'file.sha256', 'file.createdAt']);

  return {
    lockCandidate: (tenantId, candidateId) => lockCandidate(db, dialect, tenantId, candidateId),

    async findPositions(tenantId, requested) {
      const ids = storableIds(requested);
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('positions')
        .select(['id', 'title', 'archivedAt', 'department', 'city', 'region', 'country', 'isRemote'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, { ...row, isRemote: Boolean(row.isRemote) }]));
    },

    async findFormDefinitions(tenantId, formKey, positionIds) {
      const ids = storableIds(positionIds);
      const rows = await db
        .selectFrom('formDefinitions')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('formKey', '=', formKey)
        .where((where) => (ids.length > 0 ? where.or([where('positionId', 'is', null), where('positionId', 'in', ids)]) : where('positionId', 'is', null)))
        .execute();
      // The tenant's form first, then each position's extras in the order the positions were asked for.
      const rank = (row: FormDefinitionRecord) => (row.positionId === null ? -1 : ids.indexOf(row.positionId));
      return rows.sort((a, b) => rank(a) - rank(b));
    },

    async findFormDefinition(tenantId, id) {
      return (await db.selectFrom('formDefinitions').selectAll().where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async findCandidateIdByEmail(tenantId, email) {
      const row = await db.selectFrom('candidates').select('id').where('tenantId', '=', tenantId).where('email', '=', email.toLowerCase()).executeTakeFirst();
      return row?.id ?? null;
    },

    async findProfile(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidates as candidate')
        .leftJoin('candidateProfiles as profile', (join) =>
          join.onRef('profile.candidateId', '=', 'candidate.id').onRef('profile.tenantId', '=', 'candidate.tenantId'),
        )
        .select(['candidate.email', 'candidate.firstName', 'candidate.lastName', 'candidate.location', 'profile.headline as title', 'profile.skills'])
        .where('candidate.tenantId', '=', tenantId)
        .where('candidate.id', '=', candidateId)
        .executeTakeFirst();
      return row ?? null;
    },

    async activePositionIds(tenantId, applicant, positionIds) {
      const ids = storableIds(positionIds);
      if (ids.length === 0) return [];
      let query = db.selectFrom('applications').select('positionId').where('tenantId', '=', tenantId).where('positionId', 'in', ids).where('withdrawnAt', 'is', null);
      query = applicant.candidateId === null
        ? query.where('candidateId', 'is', null).where('email', '=', applicant.email)
        : query.where('candidateId', '=', applicant.candidateId);
      return (await query.execute()).map((row) => row.positionId);
    },

    async latestAnswers(tenantId, candidateId) {
      const row = await db
        .selectFrom('applications')
        .select(['answers', 'submittedAt'])
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .orderBy('submittedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    async insertApplication(row) {
      await db.insertInto('applications').values(row).execute();
    },

    async insertUploadedFile(row) {
      await db.insertInto('uploadedFiles').values(row).execute();
    },

    async currentResume(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidateResumes as resume')
        .innerJoin('uploadedFiles as file', (join) => join.onRef('file.id', '=', 'resume.fileId').onRef('file.tenantId', '=', 'resume.tenantId'))
        .select(['resume.fileId', 'resume.fileName', 'file.fileType', 'file.size', 'file.sha256', 'resume.uploadedAt'])
        .where('resume.tenantId', '=', tenantId)
        .where('resume.candidateId', '=', candidateId)
        .where('file.candidateId', '=', candidateId)
        .executeTakeFirst();
      return row ?? null;
    },

    async candidateFiles(tenantId, candidateId, ids) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('uploadedFiles')
        .select(['id', 'fileType', 'size', 'sha256'])
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('id', 'in', [...ids])
        .execute();
    },

    async linkFiles(rows) {
      if (rows.length > 0) await db.insertInto('applicationFiles').values([...rows]).execute();
    },

    async insertStageEvent(row) {
      await db.insertInto('applicationStageEvents').values(row).execute();
    },

    listForCandidate: (tenantId, candidateId) =>
      applications()
        .where('application.tenantId', '=', tenantId)
        .where('application.candidateId', '=', candidateId)
        .orderBy('application.submittedAt', 'desc')
        .orderBy('application.id', 'desc')
        .execute(),

    list(tenantId, filters) {
      let query = applications().where('application.tenantId', '=', tenantId);
      if (filters.positionId !== undefined) query = query.where('application.positionId', '=', filters.positionId);
      if (filters.stage !== undefined) query = query.where('application.stage', '=', filters.stage);
      if (filters.candidateId !== undefined) query = query.where('application.candidateId', '=', filters.candidateId);
      if (filters.before !== undefined) query = query.where('application.submittedAt', '<', filters.before);
      if (filters.updatedSince !== undefined) query = query.where('application.updatedAt', '>=', filters.updatedSince);
      const after = filters.after;
      if (after !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('application.submittedAt', '<', after.submittedAt),
            eb.and([eb('application.submittedAt', '=', after.submittedAt), eb('application.id', '<', after.id)]),
          ]),
        );
      }
      return query.orderBy('application.submittedAt', 'desc').orderBy('application.id', 'desc').limit(filters.limit).execute();
    },

    async find(tenantId, id) {
      return (await applications().where('application.tenantId', '=', tenantId).where('application.id', '=', id).executeTakeFirst()) ?? null;
    },

    async lockApplication(tenantId, id) {
      let query = applications().where('application.tenantId', '=', tenantId).where('application.id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate('application');
      return (await query.executeTakeFirst()) ?? null;
    },

    async updateStage(tenantId, id, stage, at, withdrawnAt) {
      await db.updateTable('applications').set({ stage, updatedAt: at, withdrawnAt }).where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },

    async stageEvents(tenantId, applicationIds) {
      if (applicationIds.length === 0) return [];
      return db
        .selectFrom('applicationStageEvents')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('applicationId', 'in', [...applicationIds])
        .orderBy('occurredAt')
        .orderBy('id')
        .execute();
    },

    fileMetadata: (tenantId, applicationId) =>
      files()
        .where('link.tenantId', '=', tenantId)
        .where('link.applicationId', '=', applicationId)
        .orderBy('file.createdAt')
        .orderBy('link.fieldName')
        .orderBy('link.fileName')
        .execute(),

    async fileBytes(tenantId, applicationId, fileId) {
      const row = await files()
        .select('file.bytes')
        .where('link.tenantId', '=', tenantId)
        .where('link.applicationId', '=', applicationId)
        .where('link.fileId', '=', fileId)
        .executeTakeFirst();
      return row ?? null;
    },

    async removeFromCart(tenantId, candidateId, positionIds) {
      if (positionIds.length === 0) return;
      await db.deleteFrom('jobCartItems').where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('positionId', 'in', [...positionIds]).execute();
    },

    async upsertDrafts(tenantId, candidateId, positionIds, valuesJson, at) {
      if (positionIds.length === 0) return;
      await db
        .insertInto('draftApplications')
        .values(positionIds.map((positionId) => ({ tenantId, candidateId, positionId, valuesJson, updatedAt: at })))
        .onConflict((conflict) => conflict.columns(['tenantId', 'candidateId', 'positionId']).doUpdateSet({ valuesJson, updatedAt: at }))
        .execute();
    },

    listDrafts(tenantId, candidateId, positionIds) {
      let query = db
        .selectFrom('draftApplications as draft')
        .innerJoin('positions as position', (join) =>
          join.onRef('position.id', '=', 'draft.positionId').onRef('position.tenantId', '=', 'draft.tenantId'),
        )
        .select(['draft.positionId', 'position.title as positionTitle', 'position.archivedAt as positionArchivedAt', 'draft.valuesJson', 'draft.updatedAt'])
        .where('draft.tenantId', '=', tenantId)
        .where('draft.candidateId', '=', candidateId);
      if (positionIds) query = query.where('draft.positionId', 'in', storableIds(positionIds).length > 0 ? storableIds(positionIds) : [0]);
      return query.orderBy('draft.updatedAt', 'desc').orderBy('draft.positionId').execute();
    },

    async deleteDrafts(tenantId, candidateId, positionIds) {
      const ids = storableIds(positionIds);
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('draftApplications').where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('positionId', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listFormRequests: (tenantId, candidateId) =>
      db
        .selectFrom('formRequests')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute(),

    async findFormRequest(tenantId, candidateId, id) {
      const row = await db.selectFrom('formRequests').selectAll().where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },

    async updateFormRequest(tenantId, candidateId, id, change) {
      await db.updateTable('formRequests').set(change).where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('id', '=', id).execute();
    },

    findCandidate: (tenantId, ref) => findCandidateByRef(db, tenantId, ref),

    async findFormDefinitionByKey(tenantId, formKey) {
      const row = await db
        .selectFrom('formDefinitions')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('formKey', '=', formKey)
        .where('positionId', 'is', null)
        .executeTakeFirst();
      return row ?? null;
    },

    async insertFormRequest(row) {
      await db.insertInto('formRequests').values(row).execute();
    },

    async notify(notification) {
      await createNotification(db, notification);
    },
  };
}
