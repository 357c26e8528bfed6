import {
  ApplyMessages,
  ROUTES,
  FORM_REQUEST_STATUSES,
  FORM_TAB_LABELS,
  type FormRequestStatus,
  type FormValues,
} from '@careers/contracts';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Tenant } from '../../kernel/tenant';
import { checkFiles, withoutFileContents } from './application-files';
import { judgeForm } from './application-validation';
import { formRequestedNotification } from '../notifications/notification-messages';
import type { ApplicationsRepository, CandidateRef, FormRequestRecord } from './applications.repository';
import { parseDefinition, type FormDefinition } from './form-definition';
import { inspectFormPdfs } from './form-pdf-inspection';
import { signedUploadChecker, type SignedUploadChecker } from '../offers/signed-upload.check';

/**
 * The forms center (spec §7 forms_list; issue 9 "Forms center and onboarding"): forms the company asked a
 * candidate to fill (preboarding, documents). open → in_progress when progress is saved → completed when
 * submitted and valid; a completed form is read-only. Always by tenant AND candidate: another's id is 404.
 */

export interface FormRequestSummary {
  id: string;
  title: string;
  status: FormRequestStatus;
  requested_at: string;
  due_at: string | null;
  updated_at: string;
  completed_at: string | null;
}

export interface FormRequestDetail extends FormRequestSummary {
  form: FormDefinition;
  values: FormValues;
}

export interface FormRequestsService {
  list(tenantId: string, candidateId: string, status: FormRequestStatus, withTabs: boolean): Promise<{
    forms: FormRequestSummary[];
    tabs?: { id: FormRequestStatus; label: string; count: number }[];
  }>;
  get(tenantId: string, candidateId: string, id: string): Promise<FormRequestDetail>;
  save(tenantId: string, candidateId: string, id: string, values: FormValues): Promise<FormRequestDetail>;
  submit(tenant: Tenant, candidateId: string, id: string, values: FormValues): Promise<FormRequestDetail>;
  // The employer API's calls (issue 10 "form requests to a candidate"), by tenant: another tenant's candidate is 404.
  /** Asks a candidate for a form; the request and the candidate's notification (issue 12) commit together. */
  request(tenantId: string, input: NewFormRequest): Promise<EmployerFormRequest>;
  listForCandidate(tenantId: string, candidate: CandidateRef): Promise<EmployerFormRequest[]>;
}

export interface NewFormRequest {
  candidate: CandidateRef;
  formKey: string;
  /** ISO instant; must be in the future. */
  dueAt: string | null;
}

export interface EmployerFormRequest {
  id: string;
  candidateId: string;
  formKey: string;
  title: string;
  status: FormRequestStatus;
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** Where the candidate fills requested forms (spec §2 forms center). */
const FORMS_CENTER_PATH = ROUTES.formsCenter;

const summary = (record: FormRequestRecord): FormRequestSummary => ({
  id: record.id,
  title: record.title,
  status: record.status,
  requested_at: record.createdAt,
  due_at: record.dueAt,
  updated_at: record.updatedAt,
  completed_at: record.completedAt,
});

const CANDIDATE_NOT_FOUND = 'Candidate not found';

const employerView = (record: FormRequestRecord, formKey: string): EmployerFormRequest => ({
  id: record.id,
  candidateId: record.candidateId,
  formKey,
  title: record.title,
  status: record.status,
  dueAt: record.dueAt,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  completedAt: record.completedAt,
});

export function createFormRequestsService(deps: {
  repository: ApplicationsRepository;
  transaction: <T>(work: (repository: ApplicationsRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
  /** The offer uploads' PDF inspection (worker threads); tests may pass their own. */
  uploadChecker?: () => SignedUploadChecker;
}): FormRequestsService {
  const { repository } = deps;

  async function detail(tenantId: string, record: FormRequestRecord, from: ApplicationsRepository = repository): Promise<FormRequestDetail> {
    const definition = await from.findFormDefinition(tenantId, record.formDefinitionId);
    if (!definition) throw new NotFoundError(ApplyMessages.formNotFound);
    return { ...summary(record), form: parseDefinition(definition.definition), values: JSON.parse(record.valuesJson) as FormValues };
  }

  /** The candidate's open form, held for the write; completed forms cannot change. */
  async function openRequest(from: ApplicationsRepository, tenantId: string, candidateId: string, id: string): Promise<FormRequestRecord> {
    const record = await from.findFormRequest(tenantId, candidateId, id);
    if (!record) throw new NotFoundError(ApplyMessages.formNotFound);
    if (record.status === 'completed') throw new ConflictError(ApplyMessages.formCompleted);
    return record;
  }

  return {
    async list(tenantId, candidateId, status, withTabs) {
      const all = await repository.listFormRequests(tenantId, candidateId);
      const forms = all.filter((record) => record.status === status).map(summary);
      if (!withTabs) return { forms };
      const tabs = FORM_REQUEST_STATUSES.map((id) => ({ id, label: FORM_TAB_LABELS[id], count: all.filter((record) => record.status === id).length }));
      return { forms, tabs };
    },

    async get(tenantId, candidateId, id) {
      const record = await repository.findFormRequest(tenantId, candidateId, id);
      if (!record) throw new NotFoundError(ApplyMessages.formNotFound);
      return detail(tenantId, record);
    },

    save(tenantId, candidateId, id, values) {
      return deps.transaction(async (trx) => {
        await trx.lockCandidate(tenantId, candidateId);
        const record = await openRequest(trx, tenantId, candidateId, id);
        const change = { status: 'in_progress' as const, valuesJson: JSON.stringify(withoutFileContents(values, { unsentFiles: 'keepMetadata' })), updatedAt: deps.clock.now().toISOString(), completedAt: null };
        await trx.updateFormRequest(tenantId, candidateId, id, change);
        return detail(tenantId, { ...record, ...change }, trx);
      });
    },

    async submit(tenant, candidateId, id, values) {
      // Judged and inspected before the write's transaction: a PDF is read in a worker thread (T07), and no
      // lock is held meanwhile. The transaction then checks the form is still open before anything is stored.
      const form = await detail(tenant.id, await openRequest(repository, tenant.id, candidateId, id));
      const at = deps.clock.now().toISOString();
      const judgement = judgeForm(form.form, values, { today: at.slice(0, 10) });
      if (Object.keys(judgement.errors).length > 0) throw new ValidationError(judgement.errors, ApplyMessages.invalidForm);
      const files = checkFiles(form.form, judgement.visibleValues, tenant.config.pcsxConfig.fileUploadConfig);
      if (!files.ok) throw new ValidationError(files.errors, ApplyMessages.invalidForm);
      const refused = await inspectFormPdfs((deps.uploadChecker ?? signedUploadChecker)(), { tenantId: tenant.id, candidateId }, files.files);
      if (Object.keys(refused).length > 0) throw new ValidationError(refused, ApplyMessages.invalidForm);
      return deps.transaction(async (trx) => {
        await trx.lockCandidate(tenant.id, candidateId);
        const record = await openRequest(trx, tenant.id, candidateId, id);
        // The bytes in uploaded_files (like application files); the values keep each file's reference.
        for (const file of files.files) {
          if (!file.bytes) continue;
          await trx.insertUploadedFile({ id: file.id, tenantId: tenant.id, candidateId, fileType: file.fileType, size: file.size, sha256: file.sha256, bytes: file.bytes, createdAt: at });
        }
        const change = { status: 'completed' as const, valuesJson: JSON.stringify(files.values), updatedAt: at, completedAt: at };
        await trx.updateFormRequest(tenant.id, candidateId, id, change);
        return { ...form, ...summary({ ...record, ...change }), values: files.values };
      });
    },

    async request(tenantId, input) {
      const now = deps.clock.now();
      if (input.dueAt !== null && Date.parse(input.dueAt) <= now.getTime()) throw new ValidationError({ dueAt: 'The due date must be in the future' });
      return deps.transaction(async (trx) => {
        const candidate = await trx.findCandidate(tenantId, input.candidate);
        if (!candidate) throw new NotFoundError(CANDIDATE_NOT_FOUND);
        const definition = await trx.findFormDefinitionByKey(tenantId, input.formKey);
        if (!definition) throw new NotFoundError(`No form with key "${input.formKey}"`);
        const at = now.toISOString();
        const row: FormRequestRecord = {
          id: randomUUID(),
          tenantId,
          candidateId: candidate.id,
          formDefinitionId: definition.id,
          title: definition.title,
          status: 'open',
          valuesJson: '{}',
          dueAt: input.dueAt === null ? null : new Date(input.dueAt).toISOString(),
          createdAt: at,
          updatedAt: at,
          completedAt: null,
        };
        await trx.lockCandidate(tenantId, candidate.id);
        await trx.insertFormRequest(row);
        await trx.notify(formRequestedNotification({ tenantId, candidateId: candidate.id, at: now }, { title: row.title, redirectUrl: FORMS_CENTER_PATH }));
        return employerView(row, definition.formKey);
      });
    },

    async listForCandidate(tenantId, ref) {
      const candidate = await repository.findCandidate(tenantId, ref);
      if (!candidate) throw new NotFoundError(CANDIDATE_NOT_FOUND);
      const records = await repository.listFormRequests(tenantId, candidate.id);
      const keys = new Map<string, string>();
      for (const record of records) {
        if (!keys.has(record.formDefinitionId)) keys.set(record.formDefinitionId, (await repository.findFormDefinition(tenantId, record.formDefinitionId))?.formKey ?? '');
      }
      return records.map((record) => employerView(record, keys.get(record.formDefinitionId) ?? ''));
    },
  };
}
