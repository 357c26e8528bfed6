import { createHash, randomUUID } from 'node:crypto';
import { RESUME_FILE_TYPES, type ParsedResume, type ProfileResume, type ResumeUploadResponse } from '@careers/contracts';
import type { Clock } from '../../clock';
import { AppError, NotFoundError } from '../../errors';
import { ErrorCode } from '@careers/contracts';
import type { Candidate } from '../../kernel/session';
import type { Tenant } from '../../kernel/tenant';
import { checkUploadFileName } from '../offers/upload-file-name';
import { createSkillMatcher, type SkillMatcher } from './parse/skills';
import { parseResume } from './parse/resume-parser';
import { RESUME_CONTENT_TYPES, RESUME_REJECTION_STATUS, ResumeMessages, detectResumeType, type ResumeFileType, type ResumeInspection, type ResumeRejectionCode } from './resume-file';
import type { ResumeRepository, ResumeRow, StoredResumeFile } from './resume.repository';

/**
 * The candidate's resume (issue 11 "Resume upload"; spec §7 upload_resume): an upload is judged from its bytes
 * (type, size against the tenant's file upload config), its text read in a bounded thread, parsed, and only
 * then stored, file and row in one transaction; a refused file changes nothing (T07). The parser's findings
 * go back to the candidate to review; nothing reaches the profile until they save it (profile_edit
 * resume_import).
 */

export interface ResumeUpload {
  fileName: string;
  bytes: Uint8Array;
}

export interface ResumeServiceDeps {
  repository: ResumeRepository;
  transaction<T>(work: (repository: ResumeRepository) => Promise<T>): Promise<T>;
  extract(bytes: Uint8Array): Promise<ResumeInspection>;
  clock: Clock;
}

export interface ResumeService {
  upload(tenant: Tenant, candidate: Candidate, upload: ResumeUpload): Promise<ResumeUploadResponse>;
  /**
   * What the parser finds in a resume, judged and read exactly as an upload is (same limits, same refusals,
   * the same bounded thread), storing nothing: the apply form fills its empty fields from it (issue 9).
   */
  parse(tenant: Tenant, upload: ResumeUpload): Promise<ParsedResume>;
  current(tenantId: string, candidateId: string): Promise<ProfileResume | null>;
  /** The findings kept from the current resume, for a review opened again later. */
  currentParsed(tenantId: string, candidateId: string): Promise<ParsedResume | null>;
  hasResume(tenantId: string, candidateId: string): Promise<boolean>;
  /** The stored file, or 404 (another candidate's or none). */
  download(tenantId: string, candidateId: string): Promise<StoredResumeFile & { contentType: string }>;
}

const CODE_BY_STATUS = {
  400: ErrorCode.badRequest,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  422: ErrorCode.validation,
  429: ErrorCode.rateLimited,
} as const;

/** A refused resume as an HTTP error: a 4xx with the message, also under the file field (T07). */
export function resumeRejection(code: ResumeRejectionCode, message: string): AppError {
  const status = RESUME_REJECTION_STATUS[code];
  return new AppError(status, CODE_BY_STATUS[status], message, { resume_content: message });
}

export function presentResume(row: ResumeRow): ProfileResume {
  return { fileName: row.fileName, contentType: RESUME_CONTENT_TYPES[row.fileType as ResumeFileType] ?? 'application/octet-stream', size: row.size, uploadedAt: row.uploadedAt };
}

/** The tenant's positions' skills change with imports; the matcher is rebuilt at most every few minutes. */
const SKILLS_CACHE_MS = 5 * 60_000;

export function createResumeService({ repository, transaction, extract, clock }: ResumeServiceDeps): ResumeService {
  const matchers = new Map<string, { matcher: SkillMatcher; at: number }>();

  async function matcherFor(tenantId: string): Promise<SkillMatcher> {
    const cached = matchers.get(tenantId);
    const now = clock.now().getTime();
    if (cached && now - cached.at < SKILLS_CACHE_MS) return cached.matcher;
    const matcher = createSkillMatcher(await repository.tenantSkills(tenantId));
    matchers.set(tenantId, { matcher, at: now });
    return matcher;
  }

  /** An upload judged (name, size, type from its bytes, the tenant's types), read in the bounded thread and parsed. */
  async function readResume(tenant: Tenant, { fileName, bytes }: ResumeUpload) {
    const name = checkUploadFileName(fileName);
    if (!name.ok) throw resumeRejection('bad_file_name', name.message);
    if (bytes.length === 0) throw resumeRejection('empty', ResumeMessages.empty);
    const { maxFileSizeMB, allowedTypes } = tenant.config.pcsxConfig.fileUploadConfig;
    if (bytes.length > maxFileSizeMB * 1048576) throw resumeRejection('too_large', ResumeMessages.tooLarge(maxFileSizeMB));
    // The cheap checks here, before a thread is used: what the bytes are, and whether the tenant takes it.
    const type = detectResumeType(bytes);
    if (!type.ok) throw resumeRejection(type.code, type.message);
    const accepted = RESUME_FILE_TYPES.filter((kind) => allowedTypes.map((allowed) => allowed.toLowerCase()).includes(kind));
    if (!accepted.includes(type.fileType)) throw resumeRejection('type_not_allowed', ResumeMessages.notAllowed(type.fileType, accepted.length > 0 ? accepted : RESUME_FILE_TYPES));
    const inspection = await extract(bytes);
    if (!inspection.ok) throw resumeRejection(inspection.code, inspection.message);
    const parsed = parseResume(inspection.text, { skills: await matcherFor(tenant.id) });
    return { fileName: name.name, inspection, parsed };
  }

  return {
    async parse(tenant, upload) {
      return (await readResume(tenant, upload)).parsed;
    },

    async upload(tenant, candidate, upload) {
      const { fileName, inspection, parsed } = await readResume(tenant, upload);
      const { bytes } = upload;
      const at = clock.now().toISOString();
      const fileId = randomUUID();
      const row: ResumeRow = {
        tenantId: tenant.id,
        candidateId: candidate.id,
        fileId,
        fileName,
        fileType: inspection.fileType,
        size: bytes.length,
        textLength: inspection.text.length,
        parsed: JSON.stringify(parsed),
        uploadedAt: at,
      };
      await transaction((trx) =>
        trx.replace({
          file: { id: fileId, tenantId: tenant.id, candidateId: candidate.id, fileType: inspection.fileType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes, createdAt: at },
          resume: row,
        }),
      );
      return {
        candidate: {
          encId: candidate.id,
          email: candidate.email,
          firstName: candidate.firstName,
          lastName: candidate.lastName,
          location: candidate.location?.trim() ? candidate.location : parsed.location,
        },
        parsed,
        resume: presentResume(row),
      };
    },

    async current(tenantId, candidateId) {
      const row = await repository.findCurrent(tenantId, candidateId);
      return row ? presentResume(row) : null;
    },

    async currentParsed(tenantId, candidateId) {
      const row = await repository.findCurrent(tenantId, candidateId);
      return row ? (JSON.parse(row.parsed) as ParsedResume) : null;
    },

    async hasResume(tenantId, candidateId) {
      return (await repository.findCurrent(tenantId, candidateId)) !== null;
    },

    async download(tenantId, candidateId) {
      const file = await repository.readFile(tenantId, candidateId);
      if (!file) throw new NotFoundError();
      return { ...file, contentType: RESUME_CONTENT_TYPES[file.fileType as ResumeFileType] ?? 'application/octet-stream' };
    },
  };
}
