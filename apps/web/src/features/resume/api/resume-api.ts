import { bootQueryKeys, RESUME_CONTENT_FIELD, RESUME_FILE_NAME_FIELD, type ParsedResume, type ProfileResume, type ResumeUploadResponse } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { PAGE_ANSWER_FRESH_MS } from '../../../lib/query-client';

const currentResumeAnswer = lazySchema(() => import('./schemas'), 'CurrentResumeResponseSchema');
const resumeUploadAnswer = lazySchema(() => import('./schemas'), 'ResumeUploadResponseSchema');

/** spec §7 upload_resume, the current resume, and profile_edit's resume_import (issue 11). */
export const resumeApiPaths = {
  upload: '/api/pcsx/upload_resume',
  current: '/api/pcsx/resume',
  download: '/api/pcsx/resume/download',
  profileEdit: '/api/pcsx/profile_edit',
} as const;

export const resumeQueryKeys = {
  all: ['resume'] as const,
  /** The server answers it in the profile's page (profile.preload.ts). */
  current: bootQueryKeys.currentResume,
};

export function fetchCurrentResume(signal?: AbortSignal): Promise<ProfileResume | null> {
  return http.get(resumeApiPaths.current, { signal }, currentResumeAnswer).then((body) => body.data);
}

/** Answered in the page by the server (profile.preload.ts), so fresh for PAGE_ANSWER_FRESH_MS. */
export const currentResumeQueryOptions = () =>
  queryOptions({ queryKey: resumeQueryKeys.current(), queryFn: ({ signal }) => fetchCurrentResume(signal), staleTime: PAGE_ANSWER_FRESH_MS });

/** The candidate's current resume (file name, size, when), or null. */
export function useCurrentResume(isEnabled = true) {
  return useQuery({ ...currentResumeQueryOptions(), enabled: isEnabled });
}

export interface UploadResumeInput {
  fileName: string;
  /** The file as a data URL (spec §7 "resume_content (data URL)"). */
  dataUrl: string;
}

/** POST /api/pcsx/upload_resume, multipart with the name and the content as a data URL (spec §7). */
export function uploadResume({ fileName, dataUrl }: UploadResumeInput): Promise<ResumeUploadResponse> {
  const form = new FormData();
  form.append(RESUME_FILE_NAME_FIELD, fileName);
  form.append(RESUME_CONTENT_FIELD, dataUrl);
  return http.post(resumeApiPaths.upload, form, {}, resumeUploadAnswer);
}

export function useUploadResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResume,
    // spec §4 "Resume upload": the resume list is refreshed on success.
    onSuccess: (response) => queryClient.setQueryData(resumeQueryKeys.current(), response.resume),
  });
}

/** POST /api/pcsx/profile_edit `resume_import`/`merge`: the parts the candidate kept (issue 11). */
export function saveResumeImport(value: ParsedResume): Promise<unknown> {
  return http.post(resumeApiPaths.profileEdit, { op_section: 'resume_import', operation: 'merge', op_data: { value } });
}

export function useSaveResumeImport() {
  return useMutation({ mutationFn: saveResumeImport });
}
