import { RESUME_CONTENT_FIELD, RESUME_FILE_NAME_FIELD, RESUME_PARSE_POSITIONS_FIELD, type FormValues } from '@careers/contracts';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { applyApiPaths } from './apply-api';

const resumeParseAnswer = lazySchema(() => import('./schemas'), 'ResumeParseResponseSchema');

export interface ParseResumeInput {
  fileName: string;
  /** The file as a data URL, as upload_resume takes it. */
  dataUrl: string;
  positionIds: readonly number[];
}

/**
 * POST /api/pcsx/parse_resume: the chosen resume read by the server and answered as this form's values (issue 9
 * "the resume parsed into the form"). Nothing is stored; the file still goes with the application as chosen.
 */
export async function parseResumeIntoForm({ fileName, dataUrl, positionIds }: ParseResumeInput, signal?: AbortSignal): Promise<FormValues> {
  const form = new FormData();
  form.append(RESUME_FILE_NAME_FIELD, fileName);
  form.append(RESUME_CONTENT_FIELD, dataUrl);
  form.append(RESUME_PARSE_POSITIONS_FIELD, positionIds.join(','));
  const { data } = await http.post(applyApiPaths.parseResume, form, { signal }, resumeParseAnswer);
  return data.values;
}
