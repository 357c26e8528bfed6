/**
 * The resume upload's plain names and types (spec §7 upload_resume). No zod here, so a screen with a resume
 * picker loads no schema with it; resume-upload.ts holds the schemas.
 */

/**
 * POST /api/pcsx/upload_resume (spec §7: "multipart: resume_file_name, resume_content (data URL), domain;
 * response candidate"; §3 "Resume upload response: candidate, with location"). Besides the candidate, the
 * answer carries what the parser found (for the review screen) and the stored resume's facts.
 */
export const RESUME_FILE_NAME_FIELD = 'resume_file_name';
export const RESUME_CONTENT_FIELD = 'resume_content';
/** The types a resume is read from; the tenant's file upload config may narrow them. */
export const RESUME_FILE_TYPES = ['pdf', 'docx', 'txt'] as const;
/** What the file picker offers (the server decides from the bytes, never from this). */
export const RESUME_ACCEPT = '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

/**
 * POST /api/pcsx/parse_resume (issue 9 "the resume parsed into the form"): multipart like upload_resume
 * (resume_file_name, resume_content) plus `pid` (the apply page's comma-joined position ids). Judged and read
 * exactly as an upload, with the same refusals; nothing is stored. Open to a signed-out visitor where the site
 * allows logged-out apply. `values` are the findings as answers to those jobs' apply form, by field name, only
 * where they fit the field (the browser fills only fields still empty).
 */
export const RESUME_PARSE_POSITIONS_FIELD = 'pid';
