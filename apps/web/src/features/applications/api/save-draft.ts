import { withoutFileContents, type DraftSaveBody, type FormValues } from '@careers/contracts';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { applyApiPaths } from './apply-api';

const draftSavedAnswer = lazySchema(() => import('./schemas'), 'DraftSavedResponseSchema');

/** PUT /api/pcsx/draft_applications: the answers so far, saved under each job (file contents stay on the device;
 * files not sent yet are left out, as in the tab's copy: restored without bytes they could not be sent). */
export async function saveDraft(positionIds: readonly number[], values: FormValues, options: { signal?: AbortSignal; keepalive?: boolean } = {}): Promise<string> {
  const body: DraftSaveBody = { position_ids: [...positionIds], values: withoutFileContents(values, { unsentFiles: 'drop' }) };
  const { data } = await http.put(applyApiPaths.drafts, body, options, draftSavedAnswer);
  return data.updated_at;
}
