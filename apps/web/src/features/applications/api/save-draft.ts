import { DraftSavedResponseSchema, type DraftSaveBody, type FormValues } from '@careers/contracts';
import { http } from '../../../lib/http';
import { withoutFileContents } from '../../../lib/form-copies';
import { applyApiPaths } from './apply-api';

/** PUT /api/pcsx/draft_applications: the answers so far, saved under each job (file contents stay on the device). */
export async function saveDraft(positionIds: readonly number[], values: FormValues, signal?: AbortSignal): Promise<string> {
  const body: DraftSaveBody = { position_ids: [...positionIds], values: withoutFileContents(values) };
  const { data } = await http.put(applyApiPaths.drafts, body, { signal }, DraftSavedResponseSchema);
  return data.updated_at;
}
