import { randomUUID } from 'node:crypto';
import {
  APPLICATION_STAGE_INFO,
  ApplyMessages,
  FINAL_APPLICATION_STAGES,
  locationText,
  type ApplicationStage,
  type ApplicationSummary,
  type ApplyForm,
  type FormValues,
  type ParsedResume,
} from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Tenant } from '../../kernel/tenant';
import { stageChangedNotification } from '../notifications/notification-messages';
import { mergeDefinitions, prefill, profileValues, resumeFieldName, resumeFormValues, type DefinitionSource, type PrefillSources } from './apply-form';
import type { ApplicationEventOutbox } from './application-events';
import { checkFiles, reusedFileIds, type CheckedFile } from './application-files';
import { inspectFormPdfs } from './form-pdf-inspection';
import { signedUploadChecker, type SignedUploadChecker } from '../offers/signed-upload.check';
import { canMoveStage, type StageActor } from './application-stages';
import { judgeForm } from './application-validation';
import type { Applicant, ApplicationFilters, ApplicationRecord, ApplicationsRepository, FileMetadata, PositionRecord, StageEventRecord } from './applications.repository';
import { isUniqueViolation, presentApplication } from './applications.presenter';
import type { FormDefinition } from './form-definition';

/** Who is applying: a signed-in candidate, or nobody (logged-out apply, where the tenant allows it). */
export type Viewer = { candidateId: string; email: string } | null;

export type EmployerApplication = Pick<ApplicationDetails, 'application' | 'candidateId' | 'email'>;

export interface ApplicationDetails {
  application: ApplicationSummary;
  candidateId: string | null;
  email: string;
  answers: FormValues;
  files: FileMetadata[];
  /** Every stage event with its actor and reason (the company's view). */
  events: StageEventRecord[];
}

export interface ApplicationsService {
  /** GET apply_form: the merged, prefilled form for the requested jobs. */
  applyForm(tenant: Tenant, viewer: Viewer, positionIds: readonly number[]): Promise<ApplyForm>;
  /** POST apply: one application per job, all or none. */
  submit(tenant: Tenant, viewer: Viewer, positionIds: readonly number[], values: FormValues): Promise<ApplicationSummary[]>;
  /** A parsed resume as answers to the jobs' apply form, by its field names (POST parse_resume); nothing stored. */
  resumeValues(tenant: Tenant, positionIds: readonly number[], parsed: ParsedResume): Promise<FormValues>;
  dashboard(tenantId: string, candidateId: string): Promise<{ applications: ApplicationSummary[]; inactiveApplications: ApplicationSummary[] }>;
  /** The candidate withdraws their own application; another's id answers 404. */
  withdraw(tenantId: string, candidateId: string, applicationId: string, reason: string | null): Promise<ApplicationSummary>;
  // The employer API's calls (issue 10), by tenant only: a key never reaches another tenant's applications.
  listApplications(tenantId: string, filters: ApplicationFilters): Promise<ApplicationSummary[]>;
  /** As listApplications, with who applied (the employer API's list). */
  listForEmployer(tenantId: string, filters: ApplicationFilters): Promise<EmployerApplication[]>;
  getApplication(tenantId: string, applicationId: string): Promise<ApplicationDetails>;
  getApplicationFile(tenantId: string, applicationId: string, fileId: string): Promise<{ fileName: string; fileType: string; bytes: Uint8Array }>;
  moveStage(tenantId: string, applicationId: string, toStage: ApplicationStage, reason: string | null, actor?: string): Promise<ApplicationSummary>;
}

export interface ApplicationsTransaction {
  repository: ApplicationsRepository;
  outbox: ApplicationEventOutbox;
}

const parseJson = (text: string | null): FormValues | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormValues) : null;
  } catch {
    return null;
  }
};

const isOpen = (position: PositionRecord | undefined): position is PositionRecord => position !== undefined && position.archivedAt === null;

export function createApplicationsService(deps: {
  repository: ApplicationsRepository;
  transaction: <T>(work: (trx: ApplicationsTransaction) => Promise<T>) => Promise<T>;
  clock: Clock;
  /** The offer letters' PDF inspection (worker thread, limits); tests may pass their own. */
  uploadChecker?: () => SignedUploadChecker;
}): ApplicationsService {
  const { repository } = deps;

  /** The requested jobs split into open ones (in request order) and the ids that cannot be applied to. */
  async function resolvePositions(tenantId: string, ids: readonly number[], from: ApplicationsRepository = repository) {
    const found = await from.findPositions(tenantId, ids);
    const open = ids.map((id) => found.get(id)).filter(isOpen);
    return { open, invalid: ids.filter((id) => !isOpen(found.get(id))) };
  }

  async function formFor(tenant: Tenant, positions: readonly PositionRecord[]): Promise<{ definition: FormDefinition; formDefinitionId: string | null }> {
    const rows = await repository.findFormDefinitions(tenant.id, tenant.config.pcsxConfig.applyFormConfig.formKey, positions.map((position) => position.id));
    const base = rows.find((row) => row.positionId === null);
    if (!base) throw new NotFoundError(ApplyMessages.noApplyForm);
    const sources: DefinitionSource[] = rows.map((row) => ({
      positionId: row.positionId,
      positionTitle: positions.find((position) => position.id === row.positionId)?.title ?? null,
      definition: row.definition,
    }));
    return { definition: mergeDefinitions(sources), formDefinitionId: base.id };
  }

  async function summaries(tenantId: string, records: readonly ApplicationRecord[]): Promise<ApplicationSummary[]> {
    const events = await repository.stageEvents(tenantId, records.map((record) => record.id));
    return records.map((record) => presentApplication(record, events));
  }

  /** Logged out: the applicant is the email the form gives, unless an account holds it (then they sign in). */
  async function applicantFor(tenant: Tenant, viewer: Viewer, values: FormValues): Promise<Applicant> {
    if (viewer) return viewer;
    const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
    if (!email) throw new ValidationError({ email: 'Email is required' }, ApplyMessages.invalidForm);
    if (await repository.findCandidateIdByEmail(tenant.id, email)) throw new ConflictError(ApplyMessages.signInToApply);
    return { candidateId: null, email };
  }

  async function recordStage(
    trx: ApplicationsTransaction,
    record: Pick<ApplicationRecord, 'id' | 'tenantId' | 'positionId' | 'candidateId' | 'positionName'>,
    from: ApplicationStage | null,
    to: ApplicationStage,
    reason: string | null,
    actor: string,
    at: string,
  ): Promise<void> {
    await trx.repository.insertStageEvent({ id: randomUUID(), applicationId: record.id, tenantId: record.tenantId, fromStage: from, toStage: to, reason, actor, occurredAt: at });
    const announced = { tenantId: record.tenantId, applicationId: record.id, positionId: record.positionId, candidateId: record.candidateId, stage: to, occurredAt: at };
    if (to === 'submitted' || to === 'withdrawn') {
      await trx.outbox.enqueue({ ...announced, type: to === 'submitted' ? 'application.submitted' : 'application.withdrawn' });
      return;
    }
    // A company's move: announced to the tenant's webhooks and told to the candidate, both with the move itself.
    await trx.outbox.enqueue({ ...announced, type: 'application.stage_changed', ...(from === null ? {} : { fromStage: from }) });
    if (record.candidateId) {
      await trx.repository.notify(
        stageChangedNotification(
          { tenantId: record.tenantId, candidateId: record.candidateId, at: new Date(at) },
          { positionName: record.positionName, stage: APPLICATION_STAGE_INFO[to].label },
        ),
      );
    }
  }

  async function storeFiles(trx: ApplicationsTransaction, tenantId: string, candidateId: string | null, files: readonly CheckedFile[], at: string): Promise<void> {
    for (const file of files) {
      if (!file.bytes) continue;
      await trx.repository.insertUploadedFile({ id: file.id, tenantId, candidateId, fileType: file.fileType, size: file.size, sha256: file.sha256, bytes: file.bytes, createdAt: at });
    }
  }

  async function moveTo(tenantId: string, applicationId: string, to: ApplicationStage, reason: string | null, actor: StageActor, actorName: string, candidateId?: string) {
    const moved = await deps.transaction(async (trx) => {
      const record = await trx.repository.lockApplication(tenantId, applicationId);
      if (!record || (candidateId !== undefined && record.candidateId !== candidateId)) throw new NotFoundError(ApplyMessages.applicationNotFound);
      // Strictly after the application's last change: its timeline is read in time order, and two moves in
      // one millisecond (a script, or a clock stepping back) must not swap places in it.
      const at = new Date(Math.max(deps.clock.now().getTime(), Date.parse(record.updatedAt) + 1)).toISOString();
      if (!canMoveStage(record.stage, to, actor)) {
        throw new ConflictError(actor === 'candidate' ? ApplyMessages.cannotWithdraw : `An application in stage ${record.stage} cannot move to ${to}.`);
      }
      await trx.repository.updateStage(tenantId, applicationId, to, at, to === 'withdrawn' ? at : null);
      await recordStage(trx, record, record.stage, to, reason, actorName, at);
      return trx.repository.find(tenantId, applicationId);
    });
    if (!moved) throw new NotFoundError(ApplyMessages.applicationNotFound);
    return (await summaries(tenantId, [moved]))[0] as ApplicationSummary;
  }

  return {
    async applyForm(tenant, viewer, positionIds) {
      const { open, invalid } = await resolvePositions(tenant.id, positionIds);
      const { definition } = await formFor(tenant, open);
      let sources: PrefillSources = { profile: {}, application: null, resume: null, draft: null };
      let draftUpdatedAt: string | null = null;
      let alreadyApplied: number[] = [];
      if (viewer) {
        const [profile, latest, resume, drafts, active] = await Promise.all([
          repository.findProfile(tenant.id, viewer.candidateId),
          repository.latestAnswers(tenant.id, viewer.candidateId),
          repository.currentResume(tenant.id, viewer.candidateId),
          repository.listDrafts(tenant.id, viewer.candidateId, open.map((position) => position.id)),
          repository.activePositionIds(tenant.id, viewer, open.map((position) => position.id)),
        ]);
        const newest = drafts[0];
        draftUpdatedAt = newest?.updatedAt ?? null;
        alreadyApplied = active;
        // The stored resume is offered unless the latest application came after it (a file chosen on the apply
        // page since is what the candidate chose last; it comes back from that application).
        const resumeIsNewer = resume !== null && (latest === null || Date.parse(resume.uploadedAt) >= Date.parse(latest.submittedAt));
        sources = {
          profile: profile ? profileValues(profile) : {},
          application: parseJson(latest?.answers ?? null),
          resume: resumeIsNewer ? resume : null,
          draft: parseJson(newest?.valuesJson ?? null),
        };
      }
      const { values, prefilledFrom } = prefill(definition, sources);
      return {
        positions: open.map((position) => ({
          id: position.id,
          name: position.title,
          archived_at: position.archivedAt,
          department: position.department,
          // The job's main place, as the apply page's summary of what is being applied to shows it.
          location: position.isRemote ? 'Remote' : locationText(position),
        })),
        invalidPositionIds: invalid,
        alreadyAppliedPositionIds: alreadyApplied,
        form: definition,
        values,
        prefilledFrom,
        draftUpdatedAt,
        loggedOutApply: tenant.config.pcsxConfig.applyFormConfig.enableLoggedOutApply,
        resumeField: resumeFieldName(definition) ?? null,
      };
    },

    async resumeValues(tenant, positionIds, parsed) {
      const { open } = await resolvePositions(tenant.id, positionIds);
      const { definition } = await formFor(tenant, open);
      return resumeFormValues(definition, parsed);
    },

    async submit(tenant, viewer, positionIds, values) {
      // Judged before any lock is taken: the form, the files (CPU work) and who is applying.
      const { open, invalid } = await resolvePositions(tenant.id, positionIds);
      if (invalid.length > 0) {
        throw new ValidationError({ position_ids: `Not open for applications: ${invalid.join(', ')}` }, ApplyMessages.positionsUnavailable);
      }
      const { definition, formDefinitionId } = await formFor(tenant, open);
      const upload = tenant.config.pcsxConfig.fileUploadConfig;
      const at = deps.clock.now().toISOString();
      const judgement = judgeForm(definition, values, { today: at.slice(0, 10) });
      if (Object.keys(judgement.errors).length > 0) throw new ValidationError(judgement.errors, ApplyMessages.invalidForm);
      const applicant = await applicantFor(tenant, viewer, judgement.visibleValues);
      // "Nothing asked twice": a resume from an earlier application comes back by its fileId, if it is theirs.
      const reusable = applicant.candidateId
        ? await repository.candidateFiles(tenant.id, applicant.candidateId, reusedFileIds(definition, judgement.visibleValues))
        : [];
      const files = checkFiles(definition, judgement.visibleValues, upload, new Map(reusable.map((file) => [file.id, file])));
      if (!files.ok) throw new ValidationError(files.errors, ApplyMessages.invalidForm);
      // New PDFs go through the offer letters' inspection, as in the forms center (T07), before any lock is taken.
      // A logged-out applicant's checks queue under their email.
      const inspectedAs = { tenantId: tenant.id, candidateId: applicant.candidateId ?? `applicant:${applicant.email}` };
      const refused = await inspectFormPdfs((deps.uploadChecker ?? signedUploadChecker)(), inspectedAs, files.files);
      if (Object.keys(refused).length > 0) throw new ValidationError(refused, ApplyMessages.invalidForm);

      const ids = await deps.transaction(async (trx) => {
        if (applicant.candidateId) await trx.repository.lockCandidate(tenant.id, applicant.candidateId);
        // Again inside the transaction: a job archived or applied to since the checks above is refused here.
        const current = await resolvePositions(tenant.id, positionIds, trx.repository);
        if (current.invalid.length > 0) {
          throw new ValidationError({ position_ids: `Not open for applications: ${current.invalid.join(', ')}` }, ApplyMessages.positionsUnavailable);
        }
        const applied = await trx.repository.activePositionIds(tenant.id, applicant, positionIds);
        if (applied.length > 0) {
          throw new ConflictError(ApplyMessages.alreadyApplied(current.open.filter((position) => applied.includes(position.id)).map((position) => position.title)));
        }
        await storeFiles(trx, tenant.id, applicant.candidateId, files.files, at);
        const answers = JSON.stringify(files.values);
        const created: string[] = [];
        for (const position of current.open) {
          const record = { id: randomUUID(), tenantId: tenant.id, candidateId: applicant.candidateId, positionId: position.id, positionName: position.title };
          await trx.repository.insertApplication({
            ...record,
            email: applicant.email,
            stage: 'submitted',
            answers,
            formDefinitionId,
            submittedAt: at,
            updatedAt: at,
            withdrawnAt: null,
          });
          await trx.repository.linkFiles(files.files.map((file) => ({ applicationId: record.id, fileId: file.id, tenantId: tenant.id, fieldName: file.fieldName, fileName: file.fileName })));
          await recordStage(trx, record, null, 'submitted', null, applicant.candidateId ? 'candidate' : 'applicant', at);
          created.push(record.id);
        }
        if (applicant.candidateId) {
          await trx.repository.removeFromCart(tenant.id, applicant.candidateId, positionIds);
          await trx.repository.deleteDrafts(tenant.id, applicant.candidateId, positionIds);
        }
        return created;
      }).catch((error: unknown) => {
        // Two submits racing past the check: the unique index refuses the second, which is told as much.
        if (isUniqueViolation(error)) throw new ConflictError(ApplyMessages.alreadyApplied(open.map((position) => position.title)));
        throw error;
      });
      const records = await Promise.all(ids.map((id) => repository.find(tenant.id, id)));
      return summaries(tenant.id, records.filter((record): record is ApplicationRecord => record !== null));
    },

    async dashboard(tenantId, candidateId) {
      const all = await summaries(tenantId, await repository.listForCandidate(tenantId, candidateId));
      const inactive = (summary: ApplicationSummary) => FINAL_APPLICATION_STAGES.includes(summary.stage);
      return { applications: all.filter((summary) => !inactive(summary)), inactiveApplications: all.filter(inactive) };
    },

    withdraw: (tenantId, candidateId, applicationId, reason) => moveTo(tenantId, applicationId, 'withdrawn', reason, 'candidate', 'candidate', candidateId),

    async listApplications(tenantId, filters) {
      return summaries(tenantId, await repository.list(tenantId, filters));
    },

    async listForEmployer(tenantId, filters) {
      const records = await repository.list(tenantId, filters);
      const presented = await summaries(tenantId, records);
      return records.map((record, index) => ({ application: presented[index] as ApplicationSummary, candidateId: record.candidateId, email: record.email }));
    },

    async getApplication(tenantId, applicationId) {
      const record = await repository.find(tenantId, applicationId);
      if (!record) throw new NotFoundError(ApplyMessages.applicationNotFound);
      const [events, files] = await Promise.all([repository.stageEvents(tenantId, [record.id]), repository.fileMetadata(tenantId, record.id)]);
      return {
        application: presentApplication(record, events),
        candidateId: record.candidateId,
        email: record.email,
        answers: parseJson(record.answers) ?? {},
        files,
        events,
      };
    },

    async getApplicationFile(tenantId, applicationId, fileId) {
      const file = await repository.fileBytes(tenantId, applicationId, fileId);
      if (!file) throw new NotFoundError();
      return { fileName: file.fileName, fileType: file.fileType, bytes: file.bytes };
    },

    moveStage: (tenantId, applicationId, toStage, reason, actor = 'employer') => moveTo(tenantId, applicationId, toStage, reason, 'employer', actor),
  };
}
