import multipart from '@fastify/multipart';
import {
  PositionIdListTextSchema,
  RESUME_CONTENT_FIELD,
  RESUME_FILE_NAME_FIELD,
  RESUME_PARSE_POSITIONS_FIELD,
  type CurrentResumeResponse,
  type ResumeParseResponse,
  type ResumeUploadResponse,
} from '@careers/contracts';
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../errors';
import { ErrorCode } from '@careers/contracts';
import type { RateLimits } from '../../http/rate-limit';
import { tenantOf } from '../../http/request-context';
import { parseInput } from '../../http/parse';
import { decodeContent } from '../applications/application-files';
import { applyViewer } from '../applications/applications.policy';
import type { ApplicationsService } from '../applications/applications.service';
import { requireCandidate } from '../auth/auth.policy';
import { attachmentDisposition } from '../offers/offer-files';
import { ResumeMessages } from './resume-file';
import { resumeRejection, type ResumeService, type ResumeUpload } from './resume.service';

/** The largest file any tenant's config may allow here; a tenant's own limit is checked on the decoded bytes. */
export const RESUME_UPLOAD_CAP_BYTES = 20 * 1048576;
/** A data URL of the cap, with room for its `data:…;base64,` prefix. */
const CONTENT_FIELD_MAX_BYTES = Math.ceil(RESUME_UPLOAD_CAP_BYTES / 3) * 4 + 512;

const MULTIPART_LIMITS = { files: 1, fileSize: RESUME_UPLOAD_CAP_BYTES, fields: 4, fieldSize: CONTENT_FIELD_MAX_BYTES, parts: 5, headerPairs: 32 } as const;

/** parse_resume's jobs: the apply page's `pid` ('1,2,3'); none is allowed (the findings then come back unmapped). */
const ParsePositionsSchema = z.object({ pid: z.union([z.literal('').transform(() => [] as number[]), PositionIdListTextSchema]) });

export const resumeUploadRateLimit = (limits: RateLimits) => ({ rateLimit: { max: limits.resumeUploadsPerMinute, timeWindow: 60_000 } });

/** The upload's two fields, from multipart (spec §7) or JSON; the content as a data URL, or a file part. */
async function readUpload(request: FastifyRequest): Promise<ResumeUpload> {
  return (await readUploadForm(request)).upload;
}

/** The upload and the form's other fields (parse_resume's `pid`). */
async function readUploadForm(request: FastifyRequest): Promise<{ upload: ResumeUpload; fields: Record<string, unknown> }> {
  let fields: Record<string, unknown> = {};
  let filePart: ResumeUpload | null = null;
  if (request.isMultipart()) {
    fields = Object.create(null) as Record<string, unknown>;
    try {
      for await (const part of request.parts({ limits: MULTIPART_LIMITS, preservePath: true })) {
        if (part.type === 'file') {
          if (part.fieldname !== RESUME_CONTENT_FIELD) {
            part.file.resume();
            throw new BadRequestError(`Upload the file in the form field "${RESUME_CONTENT_FIELD}".`);
          }
          const bytes = await part.toBuffer();
          filePart = { fileName: part.filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
        } else {
          if (part.valueTruncated || part.fieldnameTruncated) throw resumeRejection('too_large', ResumeMessages.tooLarge(RESUME_UPLOAD_CAP_BYTES / 1048576));
          if (Object.hasOwn(fields, part.fieldname)) throw new BadRequestError(`The form field "${part.fieldname}" was sent twice.`);
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw resumeRejection('too_large', ResumeMessages.tooLarge(RESUME_UPLOAD_CAP_BYTES / 1048576));
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, ErrorCode.payloadTooLarge, 'The form has more fields than expected.');
      throw new BadRequestError();
    }
  } else if (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
    fields = request.body as Record<string, unknown>;
  }
  const nameField = fields[RESUME_FILE_NAME_FIELD];
  const fileName = typeof nameField === 'string' ? nameField : (filePart?.fileName ?? '');
  if (filePart) return { upload: { fileName, bytes: filePart.bytes }, fields };
  const content = fields[RESUME_CONTENT_FIELD];
  if (content === undefined || content === null || content === '') throw resumeRejection('no_file', ResumeMessages.noFile);
  const bytes = decodeContent(content);
  if (bytes === null) throw new BadRequestError('The file could not be read. Choose your resume again.');
  return { upload: { fileName, bytes }, fields };
}

/**
 * The candidate's resume (issue 11; spec §7 upload_resume). Everything needs the signed-in candidate and
 * reads or writes only their own resume in the request's tenant (T01): there is no id to send.
 */
export const resumeRoutes: FastifyPluginAsync<{ resumes: ResumeService; applications: ApplicationsService; limits: RateLimits }> = async (app, { resumes, applications, limits }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post('/api/pcsx/upload_resume', { bodyLimit: CONTENT_FIELD_MAX_BYTES + 4096, config: resumeUploadRateLimit(limits) }, async (request): Promise<ResumeUploadResponse> => {
    const { candidate } = requireCandidate(request);
    const upload = await readUpload(request);
    return resumes.upload(tenantOf(request), candidate, upload);
  });

  /**
   * Issue 9 "the resume parsed into the form": a resume chosen on the apply page, read and parsed like an
   * upload (same limits, refusals and rate limit per client address) and stored nowhere. Who may call it is who
   * may apply: the signed-in candidate, or anyone where the site allows logged-out apply (401 otherwise).
   */
  app.post('/api/pcsx/parse_resume', { bodyLimit: CONTENT_FIELD_MAX_BYTES + 4096, config: resumeUploadRateLimit(limits) }, async (request): Promise<ResumeParseResponse> => {
    applyViewer(request);
    const { upload, fields } = await readUploadForm(request);
    const { pid } = parseInput(ParsePositionsSchema, { pid: fields[RESUME_PARSE_POSITIONS_FIELD] ?? '' });
    const tenant = tenantOf(request);
    const parsed = await resumes.parse(tenant, upload);
    return { data: { parsed, values: pid.length > 0 ? await applications.resumeValues(tenant, pid, parsed) : {} } };
  });

  app.get('/api/pcsx/resume', async (request): Promise<CurrentResumeResponse> => {
    const { candidate } = requireCandidate(request);
    return { data: await resumes.current(tenantOf(request).id, candidate.id) };
  });

  app.get('/api/pcsx/resume/download', async (request, reply) => {
    const { candidate } = requireCandidate(request);
    const file = await resumes.download(tenantOf(request).id, candidate.id);
    return reply
      .type(file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('content-length', String(file.bytes.byteLength))
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });
};
